import { type MockAgent, startMockAgent } from "@tandem/mock-agent";
import axe from "axe-core";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { middlewareScript } from "../../../packages/ui/src/test/mcpApps/agent";
import { type McpTestServer, startMcpServer } from "../../../packages/ui/src/test/mcpApps/mcpServer";
import { closePages, openPage, type Stack, screenshot, send, settled, startStack } from "./stack";

let stack: Stack;
let mcp: McpTestServer;
let withMiddleware: MockAgent;
beforeAll(async () => {
  [stack, mcp] = await Promise.all([startStack(), startMcpServer()]);
  withMiddleware = await startMockAgent({ scenario: middlewareScript(mcp.url).script });
});
afterEach(() => closePages(stack));
afterAll(async () => {
  await withMiddleware?.close();
  await mcp?.close();
  await stack?.close();
});

/** The /mcp-apps page pointed at the scripted agent behind @ag-ui/mcp-apps-middleware. */
const middlewarePage = () => openPage(stack, "mcp-apps", `agent=${encodeURIComponent(withMiddleware.url)}`);

/** axe's violations in the app's box (the frame's own document is the app's, not ours). */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: axe.source });
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run('[data-testid="mcp-app"]', {
      resultTypes: ["violations"],
      iframes: false,
    });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
  });
}

/** The app of the tool `name`: its box, and its frame (found by its title, as a user's screen reader would). */
async function appOf(page: Page, name: string) {
  const box = page.getByTestId("mcp-app").filter({ has: page.getByTitle(name) });
  await box.waitFor({ timeout: 30_000 });
  return { box, frame: page.frameLocator(`[data-testid="mcp-app"] iframe[title="${name}"]`) };
}

describe("MCP Apps in Chromium (CPU throttled 4×)", () => {
  it("against the real middleware and MCP server: the app renders with the tool's input and result, and its tool call's result comes back into it", async () => {
    const page = await middlewarePage();
    await send(page, "Show me a counter");
    const { box, frame } = await appOf(page, "show_counter");
    await frame.getByText("Started at 3").waitFor();
    await frame.getByText("Count: 3").waitFor();
    // Themed by the kit: the app got the chat's text colour as --color-text-primary.
    await expect.poll(() => frame.locator("#theme").textContent()).toMatch(/^Theme: (light|dark); text (rgb|#)/);
    const iframe = box.locator("iframe");
    expect(await iframe.getAttribute("sandbox")).toBe("allow-scripts allow-forms");
    await frame.getByRole("button", { name: "Add one" }).click();
    await frame.getByText("Count: 4").waitFor();
    expect(mcp.toolCalls).toContain("increment");
    // The app sized its frame to its content.
    await expect.poll(async () => (await iframe.boundingBox())?.height ?? 0).toBeGreaterThan(100);
    // Nothing it did became a chat message.
    await settled(page);
    expect(await page.locator('[data-testid="message"][data-role="user"]').count()).toBe(1);
    await screenshot(page, "mcp-apps-middleware");
  });

  it("against the mock agent: a link the app asks for opens only once the user confirms, by keyboard", async () => {
    const page = await openPage(stack, "mcp-apps");
    await page
      .context()
      .route(/^https:\/\/modelcontextprotocol\.io\//, (route) => route.fulfill({ body: "spec", contentType: "text/plain" }));
    const opened: string[] = [];
    page.context().on("page", (p) => opened.push(p.url()));
    await send(page, "Show me a counter");
    const { box, frame } = await appOf(page, "show_counter");
    await frame.getByText("Count: 3").waitFor();
    await frame.getByRole("button", { name: "Add one" }).click();
    await frame.getByText("Count: 4").waitFor();

    await frame.getByRole("button", { name: "Open the MCP Apps spec" }).click();
    const dialog = box.getByRole("alertdialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("https://modelcontextprotocol.io/docs/extensions/apps");
    expect(await axeViolations(page)).toEqual([]);
    await expect.poll(() => dialog.getByRole("button", { name: "Cancel" }).evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press("Escape");
    await frame.getByText("Link refused").waitFor();
    expect(opened).toEqual([]);

    await frame.getByRole("button", { name: "Open the MCP Apps spec" }).click();
    await dialog.getByRole("button", { name: "Open link" }).waitFor();
    const popup = page.context().waitForEvent("page");
    await dialog.getByRole("button", { name: "Open link" }).press("Enter");
    await popup;
    await frame.getByText("Link opened").waitFor();
    await expect.poll(() => opened.length).toBe(1);
  });

  it("a hostile app changes nothing outside its box", async () => {
    const page = await middlewarePage();
    const url = page.url();
    const title = await page.title();
    const popups: string[] = [];
    page.context().on("page", (p) => popups.push(p.url()));
    await send(page, "Show me the hostile app");
    const { box, frame } = await appOf(page, "show_hostile");
    const report = frame.locator("#report");
    await expect.poll(() => report.textContent(), { timeout: 30_000 }).toContain("navigation: blocked");
    const lines = (await report.textContent())!.split("\n");
    expect(lines).toEqual([
      "top document: blocked",
      "parent title: blocked",
      "cookies: blocked",
      "eval: blocked",
      "storage: blocked",
      "popup: blocked",
      "fetch: blocked",
      "navigation: blocked",
    ]);
    await settled(page);
    // The page is as it was: same address, title and chat; no popup, no dialog, no new message.
    expect(page.url()).toBe(url);
    expect(await page.title()).toBe(title);
    await page.getByRole("textbox", { name: "Message" }).waitFor();
    expect(popups).toEqual([]);
    expect(mcp.exfiltrated).toEqual([]);
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    expect(await page.locator('[data-testid="message"][data-role="user"]').count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem("pwned"))).toBeNull();
    expect(await page.locator("text=pwned").count()).toBe(0);
    // Its size request was held to the cap, inside the chat's width.
    const frameBox = (await box.locator("iframe").boundingBox())!;
    const log = (await page.getByRole("log").boundingBox())!;
    expect(frameBox.height).toBeGreaterThan(1900); // its size request was applied…
    expect(frameBox.height).toBeLessThanOrEqual(2000); // …and held to the cap
    expect(frameBox.width).toBeLessThanOrEqual(log.width);
    await screenshot(page, "mcp-apps-hostile");
  });
});

import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closePages, openPage, type Stack, send, startStack } from "./stack";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterEach(() => closePages(stack));
afterAll(() => stack?.close());

/** The MCP requests the app's bridge sent the mock agent (as `forwardedProps.__proxiedMCPRequest`). */
function proxied(): { method?: string; params?: { name?: string } }[] {
  return stack.agent.requests.flatMap((r) => {
    const request = (r.body as { forwardedProps?: { __proxiedMCPRequest?: { method?: string; params?: { name?: string } } } } | null)
      ?.forwardedProps?.__proxiedMCPRequest;
    return request ? [request] : [];
  });
}

/** Names of the tools the agent was asked to call for an app. */
const calledTools = () => proxied().flatMap((r) => (r.method === "tools/call" && r.params?.name ? [r.params.name] : []));

/** The /mcp-apps page (against the mock agent) with its counter app running, at "Count: 3". */
async function counterApp() {
  const page = await openPage(stack, "mcp-apps");
  await send(page, "Show me a counter");
  const box = page.getByTestId("mcp-app");
  const frame = page.frameLocator('[data-testid="mcp-app"] iframe[title="show_counter"]');
  await frame.getByText("Count: 3").waitFor({ timeout: 30_000 });
  return { page, box, frame };
}

/** The app's status line (`role="status"` in its own document). */
const statusOf = (frame: ReturnType<Page["frameLocator"]>) => frame.getByRole("status");

describe("MCP Apps spec rules in Chromium (CPU throttled 4×)", () => {
  it("an app's call to a tool not visible to apps is refused with an error it sees, and never reaches the agent; a visible tool still works", async () => {
    const { frame } = await counterApp();

    await frame.getByRole("button", { name: "Delete everything" }).click();
    // The app got its answer; it is a JSON-RPC error (not a result), which it shows.
    await statusOf(frame)
      .filter({ hasText: /^(Failed|Answered): / })
      .waitFor();
    expect(await statusOf(frame).textContent()).toBe('Failed: Refused: the tool "delete_everything" is not visible to apps.');
    // The host read the tools' visibility from the server, and never forwarded the call.
    expect(proxied().some((r) => r.method === "tools/list")).toBe(true);
    expect(calledTools()).not.toContain("delete_everything");

    // A tool visible to apps goes through, and its result comes back into the app.
    await frame.getByRole("button", { name: "Add one" }).click();
    await frame.getByText("Count: 4").waitFor();
    expect(calledTools()).toContain("increment");
    expect(calledTools()).not.toContain("delete_everything");
    expect(await statusOf(frame).textContent()).not.toContain("Answered");
  });

  it("a frame that navigates away from the app is closed, shows the failed part with Retry, and Retry brings the app back working", async () => {
    const { page, box, frame } = await counterApp();
    expect(await box.getAttribute("data-state")).toBe("ready");

    await frame.getByRole("button", { name: "Leave this page" }).click();
    // Torn down: the box says closed, the frame is gone, the failed part says why and offers Retry.
    await page.locator('[data-testid="mcp-app"][data-state="closed"]').waitFor();
    const failed = box.getByTestId("part-failed");
    await failed.getByRole("alert").getByText("The app left its page and was closed.").waitFor();
    expect(await box.locator("iframe").count()).toBe(0);

    await failed.getByRole("button", { name: "Retry" }).click();
    await page.locator('[data-testid="mcp-app"][data-state="ready"]').waitFor();
    await frame.getByText("Count: 3").waitFor({ timeout: 30_000 });
    expect(await box.getByTestId("part-failed").count()).toBe(0);
    // The new frame's bridge answers: a tool call goes through and its result comes back.
    await frame.getByRole("button", { name: "Add one" }).click();
    await frame.getByText("Count: 4").waitFor();
  });
});

import { createRequire } from "node:module";
import { type MockAgent, startMockAgent } from "@tandem/mock-agent";
import type { Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostileScript, MANY, POLLUTION_MARKERS } from "../../../packages/core/src/test/hostile";
import { lastAssistantText, openPage, type Stack, send, settled, startStack, throttleCpu } from "./stack";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

let stack: Stack;
let hostile: MockAgent;
beforeAll(async () => {
  stack = await startStack();
  hostile = await startMockAgent({ scenario: hostileScript });
});
afterAll(async () => {
  await hostile?.close();
  await stack?.close();
});

const atHostile = () => `agent=${encodeURIComponent(hostile.url)}`;

/** A playground page at the hostile agent (the CPU throttled, as every page openPage opens), with the inspector mounted. */
async function hostilePage(): Promise<Page> {
  const page = await openPage(stack, "agentic-chat", atHostile());
  await page.getByTestId("event-inspector").getByRole("button", { name: "Export recording" }).waitFor();
  return page;
}

/** The run's reply in the chat, and its end in the inspector (`timeout`: a hang guard for the heavy runs). */
async function played(page: Page, runs: number, timeout?: number) {
  await settled(page, timeout);
  const inspector = page.getByTestId("event-inspector");
  await expect.poll(() => inspector.getByTestId("inspector-run").count(), { timeout: 30_000 }).toBe(runs);
}

/** axe's violations in the page (axe-core loaded), one line per rule with the offending nodes. */
async function axeViolations(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown }> }> }> };
      }
    ).axe;
    const { violations } = await axe.run(document);
    return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}`);
  });
}

describe("a hostile agent, in Chromium with the inspector open (CPU throttled 4×)", () => {
  it("STATE_DELTA paths through __proto__ and constructor.prototype reach no object of the page", async () => {
    const page = await hostilePage();
    await send(page, "pollute");
    await played(page, 1);
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("Polluted nothing.");
    // The inspector replayed each delta: the run's events are listed, the state shown.
    expect(await page.getByTestId("event-inspector").locator('[data-event-type="STATE_DELTA"]').count()).toBe(2);
    // Its Diagnostics lane lists each refused patch (two STATE_DELTAs, one ACTIVITY_DELTA) with its rule.
    const lane = page.getByTestId("inspector-diagnostics");
    await expect.poll(() => lane.getByTestId("diagnostic").count()).toBe(3);
    expect(await lane.getByTestId("diagnostic").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-rule")))).toEqual(
      Array(3).fill("patch.forbidden-path"),
    );
    await lane.getByTestId("diagnostic").first().locator("summary").click();
    expect(await lane.getByRole("link", { name: "patch.forbidden-path" }).first().getAttribute("href")).toContain("security.md");
    const leaked = await page.evaluate(
      (markers) => markers.filter((m) => (({}) as Record<string, unknown>)[m] !== undefined),
      [...POLLUTION_MARKERS],
    );
    expect(leaked).toEqual([]);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await page.context().close();
  });

  it("markup stays text, a megabyte, ten thousand events and an unknown event leave a chat that still answers", async () => {
    const page = await hostilePage();
    const xss = () => page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);
    await send(page, "xss");
    await played(page, 1);
    await expect.poll(() => lastAssistantText(page).textContent()).toContain("XSS shown as text.");
    expect(await page.locator("[data-testid=tandem-chat] script, [data-testid=tandem-chat] [onerror], [onclick], [onload]").count()).toBe(
      0,
    );
    expect(await xss()).toBeUndefined();

    await send(page, "big");
    await played(page, 2);
    await expect.poll(() => lastAssistantText(page).textContent()).toContain("A megabyte later.");

    await send(page, "many");
    // Ten thousand events at a quarter speed: the default 30 s wait ran out beside a busy core.
    await played(page, 3, 120_000);
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 60_000 }).toContain("Ten thousand events.");
    const inspector = page.getByTestId("event-inspector");
    await expect.poll(() => inspector.getByTestId("inspector-run").nth(2).getByRole("heading").textContent()).toContain(`${MANY} events`);

    // Clean runs leave the Diagnostics lane empty; an unknown event type is listed as stripped.
    const lane = page.getByTestId("inspector-diagnostics");
    expect(await lane.getAttribute("data-state")).toBe("clean");
    await send(page, "unknown");
    await settled(page);
    await expect.poll(() => lane.locator('[data-rule="event.unknown-type"][data-action="stripped"]').count()).toBe(1);
    await send(page, "hello");
    await settled(page);
    await expect.poll(() => lastAssistantText(page).textContent()).toContain("Still here.");
    expect(await xss()).toBeUndefined();
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await page.context().close();
  }, 300_000);
});

describe("the inspector sees the whole thread, in Chromium (CPU throttled 4×)", () => {
  it("an inspector whose code arrives after a run lists that run", async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    // Hold back the inspector's lazily loaded code until the run is over.
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\.js$/, async (route: Route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes("Export recording")) await released;
      await route.fulfill({ response, body });
    });
    await page.goto(`${stack.app}/agentic-chat?agent=${encodeURIComponent(`${stack.agent.baseUrl}/agentic-chat`)}`);
    await throttleCpu(page);
    await page.getByRole("textbox", { name: "Message" }).waitFor();
    await send(page, "hello there");
    await settled(page);
    expect(await page.getByTestId("event-inspector").count()).toBe(0);
    release();
    const run = page.getByTestId("event-inspector").getByTestId("inspector-run");
    await expect.poll(() => run.count(), { timeout: 30_000 }).toBe(1);
    expect(await run.getByRole("heading").textContent()).toMatch(/^Run 1: ag-ui \/agentic-chat, \d+ events/);
    expect(await page.getByTestId("event-inspector").locator('[data-event-type="RUN_STARTED"]').count()).toBe(1);
    await context.close();
  });

  it("axe finds nothing on any page with the inspector open, a request and an event opened", async () => {
    const page = await openPage(stack, "agentic-generative-ui");
    const slugs = await page
      .getByRole("navigation")
      .first()
      .locator("a")
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.slice(1)));
    expect(slugs.length).toBeGreaterThanOrEqual(9);
    const found: Record<string, string[]> = {};
    const inspector = page.getByTestId("event-inspector");
    await send(page, "work through the plan");
    await settled(page);
    await expect.poll(() => inspector.locator('[data-event-type="RUN_FINISHED"]').count(), { timeout: 30_000 }).toBe(1);
    await inspector.getByText("Request sent").click();
    const delta = inspector.locator('[data-event-type="STATE_DELTA"] summary').first();
    await delta.focus();
    await delta.press("Enter");
    await page.addScriptTag({ path: axePath });
    found["agentic-generative-ui"] = await axeViolations(page);
    // Every other page, reached through the playground's own links (axe stays loaded).
    for (const slug of slugs.filter((s) => s !== "agentic-generative-ui")) {
      await page.locator(`a[href^="/${slug}"]`).first().click();
      await page.waitForURL(new RegExp(`/${slug}\\?`));
      await inspector.getByRole("button", { name: "Export recording" }).waitFor();
      found[slug] = await axeViolations(page);
    }
    for (const slug of Object.keys(found)) if (found[slug]!.length === 0) delete found[slug];
    expect(found).toEqual({});
    await page.context().close();
  }, 180_000);
});

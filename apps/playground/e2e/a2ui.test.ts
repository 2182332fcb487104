import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type A2uiMiddlewareServer, loggedAction, startA2uiMiddlewareServer } from "../../../packages/ui/src/a2ui/test/middlewareAgent";
import { closePages, openPage, type Stack, screenshot, send, settled, startStack } from "./stack";

let stack: Stack;
let middleware: A2uiMiddlewareServer;
beforeAll(async () => {
  stack = await startStack();
  middleware = await startA2uiMiddlewareServer();
});
afterAll(async () => {
  await middleware?.close();
  await stack?.close();
});

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** axe's violations inside the surfaces (contrast included, which jsdom cannot check). */
async function axeViolationsInSurfaces(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown): Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }> } })
      .axe;
    const { violations } = await axe.run({ include: [['[data-testid="a2ui-surface"]']] });
    return violations.map((v) => `${v.id}: ${v.nodes.length} nodes`);
  });
}

const atMiddleware = () => `agent=${encodeURIComponent(middleware.url)}`;

describe("A2UI surfaces in Chromium, behind the real @ag-ui/a2ui-middleware (CPU throttled 4×)", () => {
  it("draws the surface; inputs update its data; Confirm reaches the agent as a user action and its update is drawn in place", async () => {
    const page = await openPage(stack, "a2ui", atMiddleware());
    await send(page, "book a table");
    const surface = page.locator('[data-testid="a2ui-surface"][data-surface-id="booking"]');
    await surface.getByRole("heading", { name: "Book a table" }).waitFor();
    expect(await surface.getAttribute("aria-label")).toBe("Interface booking");

    // Keyboard only: type a name (the greeting bound to it follows), one more guest, tick, Confirm.
    await surface.getByRole("textbox", { name: "Name" }).fill("Ada");
    await surface.getByText("Ada", { exact: true }).waitFor();
    expect(await axeViolationsInSurfaces(page)).toEqual([]);
    await surface.getByRole("slider", { name: "Guests" }).press("ArrowRight");
    await expect.poll(() => surface.getByRole("slider", { name: "Guests" }).inputValue()).toBe("3");
    await surface.getByRole("checkbox", { name: "Window seat" }).press("Space");
    await settled(page);
    await surface.getByRole("button", { name: "Confirm" }).press("Enter");

    await surface.getByRole("heading", { name: "Booked for Ada, 3 guests" }).waitFor({ timeout: 30_000 });
    await surface.getByText("Confirmed").waitFor();
    expect(await page.getByTestId("a2ui-surface").count()).toBe(1);
    expect(loggedAction(middleware.received.at(-1)!)).toMatchObject({
      name: "confirm",
      surfaceId: "booking",
      sourceComponentId: "confirm",
      context: { name: "Ada", guests: 3, window: true },
    });
    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
    await screenshot(page, "a2ui-booking");
    await closePages(stack);
  });

  it("contains a hostile surface: errors inside its box, markup as text, nothing reaches the page", async () => {
    const page = await openPage(stack, "a2ui", atMiddleware());
    const title = await page.title();
    await send(page, "show a hostile surface");
    const surface = page.locator('[data-testid="a2ui-surface"][data-surface-id="hostile"]');
    await surface.getByText('Unknown component "Iframe".').waitFor();
    await surface.getByText('Component "loop" contains itself.').waitFor();
    await page.getByText(/version "v0.8" is not v0.9/).waitFor();
    await settled(page);
    expect(await surface.getByText("<script>document.title='pwned'</script>").count()).toBe(1);
    expect(await surface.locator("script, iframe, img").count()).toBe(0);
    expect(await page.title()).toBe(title);
    expect(await page.evaluate(() => (({}) as Record<string, unknown>).polluted ?? null)).toBeNull();
    // Everything the surface draws stays inside its box.
    const escaped = await surface.evaluate((box) => {
      const outer = box.getBoundingClientRect();
      return [...box.querySelectorAll("*")].filter((el) => {
        const r = el.getBoundingClientRect();
        const visible = r.width > 0 && r.height > 0;
        return visible && (r.left < outer.left - 1 || r.top < outer.top - 1 || r.right > outer.right + 1 || r.bottom > outer.bottom + 1);
      }).length;
    });
    expect(escaped).toBe(0);
    // The chat goes on.
    await send(page, "book a table");
    await page.locator('[data-testid="a2ui-surface"][data-surface-id="booking"]').getByRole("heading", { name: "Book a table" }).waitFor();
    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
    await closePages(stack);
  });

  it("the mock agent's a2ui scenario plays the same booking", async () => {
    const page = await openPage(stack, "a2ui");
    await send(page, "book a table");
    const surface = page.locator('[data-testid="a2ui-surface"][data-surface-id="booking"]');
    await surface.getByRole("textbox", { name: "Name" }).fill("Bo");
    await settled(page);
    await surface.getByRole("button", { name: "Confirm" }).click();
    await surface.getByRole("heading", { name: "Booked for Bo, 2 guests" }).waitFor({ timeout: 30_000 });
    await closePages(stack);
  });
});

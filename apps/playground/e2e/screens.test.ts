import axe from "axe-core";
import type { Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closePages, lastAssistantText, openPage, type Screen, type Stack, screenshot, send, settled, startStack } from "./stack";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());
afterEach(() => closePages(stack));

/**
 * A small phone (its chat under 320 px wide), a phone, a tablet, a laptop, and that laptop's
 * window (1280×860) at 200% zoom: Chromium's zoom halves the CSS viewport and doubles the device
 * pixel ratio, so the page sees 640×430 CSS px at a ratio of 2, which is what this context gives
 * it (media queries, layout and hit testing alike).
 */
const SCREENS: Array<Screen & { name: string; narrow: boolean }> = [
  { name: "small phone 320×568", width: 320, height: 568, narrow: true },
  { name: "phone 390×844", width: 390, height: 844, narrow: true },
  { name: "tablet 768×1024", width: 768, height: 1024, narrow: true },
  { name: "laptop 1280×860", width: 1280, height: 860, narrow: false },
  { name: "1280×860 at 200% zoom", width: 640, height: 430, deviceScaleFactor: 2, narrow: true },
];

/** Each layout of a page: the chat alone, in a coloured frame, under a tall card (the recipe), under a growing card (the document). */
const PAGES = ["human-in-the-loop", "agentic-chat", "shared-state", "predictive-state-updates"];

const CONTROLS = 'button, textarea, input:not([type="file"]), select, a[href], summary';

/**
 * Installed in the page: why an element cannot be seen or clicked where it is, if it cannot:
 * outside the window, clipped by a scrolling or clipping box around it, or covered where the
 * mouse would click. Scroll boxes are first scrolled up or down to it, as a user would with the
 * wheel, never sideways (sideways is where a too-wide editor hid its buttons). A fixed box (an
 * open panel) is clipped by the window only.
 */
function installProbe() {
  const name = (node: Element | null) =>
    node
      ? `${node.tagName.toLowerCase()}${typeof node.className === "string" && node.className ? `.${node.className.split(" ")[0]}` : ""}`
      : "nothing";
  const clippers = (el: Element) => {
    const found: Element[] = [];
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.overflowX !== "visible" || style.overflowY !== "visible") found.push(box);
      if (style.position === "fixed") break;
    }
    return found;
  };
  const problemsOf = (el: Element): string[] => {
    if (getComputedStyle(el).position === "fixed") return problemsAt(el, []);
    const boxes = clippers(el);
    for (const box of boxes) {
      if (box.scrollHeight <= box.clientHeight) continue;
      const r = el.getBoundingClientRect();
      const top = box.getBoundingClientRect().top + box.clientTop;
      if (r.top < top) box.scrollTop -= top - r.top;
      else if (r.bottom > top + box.clientHeight) box.scrollTop += Math.min(r.bottom - (top + box.clientHeight), r.top - top);
    }
    return problemsAt(el, boxes);
  };
  const problemsAt = (el: Element, boxes: Element[]): string[] => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return ["has no size"];
    const problems: string[] = [];
    if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
      problems.push(
        `outside the ${innerWidth}×${innerHeight} window (${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)})`,
      );
    for (const box of boxes) {
      const b = box.getBoundingClientRect();
      const left = b.left + box.clientLeft;
      const top = b.top + box.clientTop;
      if (r.left < left - 0.5 || r.right > left + box.clientWidth + 0.5 || r.top < top - 0.5 || r.bottom > top + box.clientHeight + 0.5)
        problems.push(`clipped by ${name(box)}`);
    }
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !el.contains(hit)) problems.push(`covered by ${name(hit)}`);
    return problems;
  };
  /** Every control shown in the root, with what is wrong with each (none, when all is well). */
  const clippedControls = (root: Element, selector: string) =>
    [...root.querySelectorAll(selector)]
      .filter((el) => el.checkVisibility({ visibilityProperty: true }) && el.getBoundingClientRect().width > 1)
      .map((el) => ({ el, problems: problemsOf(el) }))
      .filter(({ problems }) => problems.length > 0)
      .map(({ el, problems }) => `${name(el)} "${el.getAttribute("aria-label") ?? el.textContent?.trim()}": ${problems.join(", ")}`);
  Object.assign(window, { tandemProbe: { problemsOf, clippedControls } });
}

interface Probe {
  problemsOf(el: Element): string[];
  clippedControls(root: Element, selector: string): string[];
}

async function probe(page: Page): Promise<void> {
  if (await page.evaluate(() => "tandemProbe" in window)) return;
  await page.evaluate(installProbe);
}

async function problemsOf(locator: Locator): Promise<string[]> {
  await probe(locator.page());
  return locator.evaluate((el) => (window as unknown as { tandemProbe: Probe }).tandemProbe.problemsOf(el));
}

/** Every control of the chat that is shown, with what is wrong with each (none, when all is well). */
async function clippedControls(page: Page): Promise<string[]> {
  await probe(page);
  return page
    .getByTestId("tandem-chat")
    .evaluate((chat, selector) => (window as unknown as { tandemProbe: Probe }).tandemProbe.clippedControls(chat, selector), CONTROLS);
}

/** Clicks the control with the mouse where it is drawn (no scrolling into view first), once nothing hides it. */
async function clickWithMouse(page: Page, control: Locator): Promise<void> {
  expect(await problemsOf(control)).toEqual([]);
  const box = (await control.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** axe's violations on the whole page (colour contrast included: this is a real browser). */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: axe.source });
  return page.evaluate(async () => {
    // The inspector's own scroll regions are fixed with the rest of issue 22's inspector work.
    const context = { exclude: [['[data-testid="event-inspector"] pre']] };
    const result = await (window as unknown as { axe: typeof axe }).axe.run(context, { resultTypes: ["violations"] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
  });
}

/** The composer's form: where the user types and sends. */
const composerOf = (page: Page) => page.locator(".tandem-composer").filter({ has: page.getByRole("textbox", { name: "Message" }) });

describe.each(SCREENS)("on a $name screen", (screen) => {
  it("every control of the chat is in view and clickable; editing a sent message shows Save and Cancel, and Save saves", async () => {
    const page = await openPage(stack, "agentic-chat", undefined, screen);
    expect(await clippedControls(page)).toEqual([]);
    await send(page, "hello from a small screen");
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 20_000 }).toContain("hello from a small screen");
    await settled(page);
    expect(await clippedControls(page)).toEqual([]);

    const question = page.locator('[data-testid="message"][data-role="user"]').last();
    await clickWithMouse(page, question.getByRole("button", { name: "Edit" }));
    const editor = page.getByRole("textbox", { name: "Edit message" });
    await editor.waitFor();
    await editor.fill("edited on a small screen");
    expect(await clippedControls(page)).toEqual([]);
    const bubble = (await question.boundingBox())!;
    const editorBox = (await editor.boundingBox())!;
    expect(editorBox.x + editorBox.width).toBeLessThanOrEqual(bubble.x + bubble.width);
    expect(await problemsOf(page.getByRole("button", { name: "Cancel" }))).toEqual([]);
    await screenshot(page, `screens-${screen.width}-editing`);
    await clickWithMouse(page, page.getByRole("button", { name: "Save" }));
    await expect
      .poll(() => page.locator('[data-testid="message"][data-role="user"]').last().textContent(), { timeout: 20_000 })
      .toContain("edited on a small screen");
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 20_000 }).toContain("edited on a small screen");
    await settled(page);
    expect(await page.getByTestId("branch-picker").first().textContent()).toContain("2 / 2");
    expect(await clippedControls(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
  });

  it("on every page the composer is in view and the window does not scroll; the chat scrolls", async () => {
    const page = await openPage(stack, "agentic-chat", undefined, screen);
    for (const slug of PAGES) {
      await page.goto(`${stack.app}/${slug}?agent=${encodeURIComponent(`${stack.agent.baseUrl}/${slug}`)}`);
      await page.getByRole("textbox", { name: "Message" }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollHeight - innerHeight), slug).toBeLessThanOrEqual(0);
      // A short window (200% zoom) scrolls the page's header away first; then the whole chat is in view.
      const composer = composerOf(page);
      expect(await problemsOf(composer), slug).toEqual([]);
      const chat = (await page.getByTestId("tandem-chat").boundingBox())!;
      expect(chat.height, slug).toBeLessThanOrEqual(screen.height);
      // Nothing beside the chat squeezes it: the page's padding and the coloured frame's only (48 px).
      expect(chat.width, slug).toBeGreaterThanOrEqual(Math.min(screen.width - 48, 300));
    }
    await screenshot(page, `screens-${screen.width}-shared-state`);
  });

  it(
    screen.narrow
      ? "the thread list and the inspector are panels the user opens and closes (Escape too), axe clean either way"
      : "the thread list and the inspector stand beside the chat, axe clean",
    async () => {
      const page = await openPage(stack, "agentic-chat", undefined, screen);
      const threads = page.getByRole("navigation", { name: "Threads" });
      const inspector = page.getByTestId("event-inspector");
      if (!screen.narrow) {
        await inspector.waitFor();
        expect(await threads.isVisible()).toBe(true);
        expect(await page.getByRole("button", { name: "Threads", exact: true }).isVisible()).toBe(false);
        expect(await axeViolations(page)).toEqual([]);
        return;
      }
      expect(await threads.isVisible()).toBe(false);
      for (const [toggleName, panel, inside] of [
        ["Threads", threads, threads.getByRole("button", { name: "New thread" })],
        ["Inspector", inspector, inspector.getByRole("button", { name: "Export recording" })],
      ] as const) {
        const toggle = page.getByRole("button", { name: toggleName, exact: true });
        expect(await toggle.getAttribute("aria-expanded")).toBe("false");
        await clickWithMouse(page, toggle);
        await panel.waitFor();
        expect(await toggle.getAttribute("aria-expanded")).toBe("true");
        await inside.waitFor();
        expect(await problemsOf(inside)).toEqual([]);
        // Focus goes into the panel.
        const controls = (await toggle.getAttribute("aria-controls"))!;
        await expect.poll(() => page.evaluate((id) => document.getElementById(id)?.contains(document.activeElement), controls)).toBe(true);
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `screens-${screen.width}-${toggleName.toLowerCase()}`);
        await page.keyboard.press("Escape");
        await panel.waitFor({ state: "hidden" });
        expect(await toggle.getAttribute("aria-expanded")).toBe("false");
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(toggleName);
      }
      // The close button in the panel works too.
      await clickWithMouse(page, page.getByRole("button", { name: "Threads", exact: true }));
      await clickWithMouse(page, page.getByRole("button", { name: "Close threads" }));
      await threads.waitFor({ state: "hidden" });
      expect(await axeViolations(page)).toEqual([]);
    },
  );
});

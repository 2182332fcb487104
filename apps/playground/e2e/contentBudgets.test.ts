import { lastUserText, type MockAgent, run, type Script, startMockAgent, textMessage } from "@tandem/mock-agent";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastAssistantText, openPage, type Stack, screenshot, send, settled, startStack } from "./stack";

// Issue 34, content budgets: replies small on the wire whose nesting once took the page down.
// Each streams in 20 pieces; the test holds the stream halfway to look at the page mid-reply.
const PIECES = 20;
const REPLIES: Record<string, { text: string; drawn: string }> = {
  // Once: "Maximum call stack size exceeded", the chat unmounted, and every reload crashed again.
  quotes: { text: `${"> ".repeat(20_000)}deepest`, drawn: "blockquote" },
  // Once: the page frozen for seconds (micromark's cost grows with the cube of list nesting).
  list: { text: `${"- ".repeat(5_000)}deepest`, drawn: "li" },
  hello: { text: "Hello back.", drawn: "p" },
};

const piecesOf = (text: string) => {
  const size = Math.ceil(text.length / PIECES);
  return Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));
};

let stack: Stack;
let agent: MockAgent;
beforeAll(async () => {
  stack = await startStack();
  const script: Script = (input) => run(input, textMessage(piecesOf(REPLIES[lastUserText(input)]!.text), { tokenDelayMs: 10 }));
  agent = await startMockAgent({ scenario: script });
});
afterAll(async () => {
  await agent?.close();
  await stack?.close();
});

/**
 * Starts watching the page's frames: the longest time between two animation frames from here
 * until `longestFrameGap` is read is how long the page was unresponsive at worst.
 */
async function watchFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const watch = { longest: 0, last: performance.now() };
    (window as unknown as { frames_: typeof watch }).frames_ = watch;
    const tick = (now: number) => {
      watch.longest = Math.max(watch.longest, now - watch.last);
      watch.last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/** The longest gap between two frames since `watchFrames`, in ms (the frame now included). */
const longestFrameGap = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() => resolve((window as unknown as { frames_: { longest: number } }).frames_.longest)),
      ),
  );

/**
 * Types a key into the composer and says how long, in the page, from the key's event to the
 * frame after the composer took it (what the user waits to see it); then checks it shows.
 */
async function keyLatency(page: Page, key: string): Promise<number> {
  const box = page.getByRole("textbox", { name: "Message" });
  const before = await box.inputValue();
  await box.evaluate((element) => {
    (window as unknown as { keyShown_: Promise<number> }).keyShown_ = new Promise((resolve) => {
      element.addEventListener(
        "keydown",
        (down) => {
          element.addEventListener("input", () => requestAnimationFrame(() => resolve(performance.now() - down.timeStamp)), {
            once: true,
          });
        },
        { once: true },
      );
    });
  });
  await box.press(key);
  const took = await page.evaluate(() => (window as unknown as { keyShown_: Promise<number> }).keyShown_);
  await expect.poll(() => box.inputValue()).toBe(before + key);
  return took;
}

const chat = (page: Page) => page.getByTestId("tandem-chat");

describe("a reply nested past every budget, in Chromium", () => {
  it.each(["quotes", "list"])(
    "%s: the page stays responsive, the chat answers the next message, a reload opens the thread",
    async (name) => {
      const page = await openPage(stack, "agentic-chat", `agent=${encodeURIComponent(`${agent.baseUrl}/default`)}`);
      // A first reply loads what drawing replies needs (its first load is not what is measured).
      await send(page, "hello");
      await expect.poll(() => lastAssistantText(page).textContent()).toContain("Hello back.");
      await settled(page);
      await watchFrames(page);
      const hold = agent.hold({ type: "TEXT_MESSAGE_CONTENT", count: PIECES / 2 });
      await send(page, name);
      await hold.reached;
      await lastAssistantText(page).locator(REPLIES[name]!.drawn).first().waitFor();
      const key = await keyLatency(page, "k");
      hold.release();
      await settled(page);
      const gap = await longestFrameGap(page);
      // What made the page slow, read off the DOM (no clock): the nesting drawn is capped at 32
      // containers (the parser's cost grows faster than the square of it; past 800 a list took
      // thirty seconds), and past 8 they indent no further (32 levels of indentation made the
      // layout alone take 2.7-5 s), so the deepest one keeps most of the reply's width.
      const { depth, widthShare } = await lastAssistantText(page).evaluate((reply, drawn) => {
        const nested = [...reply.querySelectorAll(drawn)];
        const depthOf = (element: Element) => {
          let levels = 0;
          for (let at: Element | null = element; at && at !== reply; at = at.parentElement) if (at.matches(drawn)) levels++;
          return levels;
        };
        const deepest = nested.reduce((a, b) => (depthOf(b) > depthOf(a) ? b : a));
        return { depth: depthOf(deepest), widthShare: deepest.getBoundingClientRect().width / reply.getBoundingClientRect().width };
      }, REPLIES[name]!.drawn);
      expect(depth).toBeGreaterThan(8);
      expect(depth).toBeLessThanOrEqual(32);
      expect(widthShare).toBeGreaterThan(0.5);
      // Time bounds are hang guards, not measures (the CPU is throttled 4x and the machine shared:
      // measured 40-80 ms and 0.6-1.2 s alone, over 2 s once with the machine loaded): before the
      // caps the quotes unmounted the chat, and the list froze the page for more than 5 s.
      expect(key).toBeLessThan(1_000);
      expect(gap).toBeLessThan(5_000);
      expect(await chat(page).count()).toBe(1);
      // Drawn capped, its text kept: the nesting past the cap is shown as the text it is.
      expect(await lastAssistantText(page).textContent()).toContain("deepest");

      await page.getByRole("textbox", { name: "Message" }).fill("");
      await send(page, "hello");
      await expect.poll(() => lastAssistantText(page).textContent()).toContain("Hello back.");
      await settled(page);
      await page.locator('nav[aria-label="Threads"][data-state="saved"]').waitFor();

      await page.reload();
      await page.locator('[data-testid="message"][data-role="assistant"]').nth(2).waitFor();
      expect(await chat(page).count()).toBe(1);
      const replies = page.locator('[data-testid="message"][data-role="assistant"]');
      await replies.nth(1).locator(REPLIES[name]!.drawn).first().waitFor();
      expect(await replies.nth(1).textContent()).toContain("deepest");
      // The thread reopened answers too.
      await send(page, "hello");
      await expect.poll(() => replies.count()).toBe(4);
      await settled(page);
      expect((page as Page & { errors: string[] }).errors).toEqual([]);
      await screenshot(page, `content-budgets-${name}`);
      await page.context().close();
    },
    120_000,
  );
});

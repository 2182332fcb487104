import { type MockAgent, run, type Script, startMockAgent, textMessage } from "@tandem/mock-agent";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closePages, openPage, type Stack, send, settled, startStack } from "./stack";

// A reply much taller than a phone's transcript: 60 paragraphs of a dozen words, a word an event.
const WORDS = Array.from({ length: 60 }, (_, p) => [...Array.from({ length: 12 }, (_, w) => `word${p}-${w} `), "\n\n"]).flat();

let stack: Stack;
let agent: MockAgent;
beforeAll(async () => {
  stack = await startStack();
  const script: Script = (input) => run(input, textMessage(WORDS, { tokenDelayMs: 5 }));
  agent = await startMockAgent({ scenario: script });
});
afterEach(() => closePages(stack));
afterAll(async () => {
  await agent?.close();
  await stack?.close();
});

/** How far the transcript's scrolling box is from its bottom, in CSS pixels. */
const fromBottom = (page: Page) => page.getByRole("log").evaluate((log) => log.scrollHeight - log.scrollTop - log.clientHeight);

describe("the transcript follows a reply as it streams, in Chromium (CPU throttled 4×)", () => {
  it("stays at the bottom while the reply grows, stops when the user scrolls up, and Jump to latest follows again", async () => {
    const page = await openPage(stack, "agentic-chat", `agent=${encodeURIComponent(`${agent.baseUrl}/default`)}`, {
      width: 390,
      height: 844,
    });
    const log = page.getByRole("log");
    // Held a third of the way in, then two thirds: the reply is taller than the box by then.
    const first = agent.hold({ type: "TEXT_MESSAGE_CONTENT", count: 300 });
    await send(page, "write a lot");
    await first.reached;
    await expect.poll(() => log.evaluate((el) => el.scrollHeight > el.clientHeight * 2), { timeout: 30_000 }).toBe(true);
    // The browser reports the growth after its layout; the box follows it to the bottom.
    await expect.poll(() => fromBottom(page), { timeout: 30_000 }).toBeLessThanOrEqual(48);

    // The user scrolls up a screen with the wheel: following stops, and the way back is offered.
    // The reply is over two screens tall, so the view lands inside it, not at its top, and what
    // stays still below is the part being read (Chromium scrolls a wheel's distance at once).
    await log.hover();
    await page.mouse.wheel(0, -(await log.evaluate((el) => el.clientHeight)));
    const jump = page.getByRole("button", { name: "Jump to latest" });
    await jump.waitFor();
    const second = agent.hold({ type: "TEXT_MESSAGE_CONTENT", count: 600 });
    const read = await log.evaluate((el) => el.scrollTop);
    first.release();
    await second.reached;
    await expect
      .poll(() => log.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop), { timeout: 30_000 })
      .toBeGreaterThan(48);
    // What the user was reading stays where it was while the reply goes on below.
    expect(read).toBeGreaterThan(0);
    expect(await log.evaluate((el) => el.scrollTop)).toBe(read);

    await jump.click();
    second.release();
    await settled(page, 120_000);
    await expect.poll(() => fromBottom(page), { timeout: 30_000 }).toBeLessThanOrEqual(48);
    expect(await page.getByRole("log").textContent()).toContain("word59-11");
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
  }, 180_000);
});

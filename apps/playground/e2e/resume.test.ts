import { type Hold, type MockAgent, startMockAgent } from "@tandem/mock-agent";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closePages, lastAssistantText, openPage, type Stack, screenshot, send, settled, startStack } from "./stack";
import { wholeStory } from "./story";

let stack: Stack;
/** A mock agent in fault mode: every response is cut after a dozen events. */
let dropping: MockAgent;
/** A mock agent that logs its runs for resume, telling the story slowly (about 7 s). */
let slow: MockAgent;
let story: string;
beforeAll(async () => {
  stack = await startStack();
  dropping = await startMockAgent({ tokenDelayMs: 15, dropAfter: 12 });
  slow = await startMockAgent({ tokenDelayMs: 60 });
  story = await wholeStory(stack.agent.baseUrl);
});
/** Holds on the other agents' streams (stack.ts releases its own): released after each test, passed or not. */
const holds: Hold[] = [];
const releaseHolds = () => {
  for (const held of holds.splice(0)) held.release();
};
afterEach(async () => {
  releaseHolds();
  await closePages(stack);
});
afterAll(async () => {
  await dropping?.close();
  await slow?.close();
  await stack?.close();
});

/** Everything the status region said, kept from now on (it only shows its latest words). */
async function recordAnnouncements(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const region = document.querySelector('[data-testid="tandem-announcer"]')!;
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    new MutationObserver(() => said.push(region.textContent ?? "")).observe(region, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  return () => page.evaluate(() => (window as unknown as { said: string[] }).said);
}

/**
 * Hides the page (`hidden`) or shows it again, as switching tabs does: `document.visibilityState`
 * says so and `visibilitychange` fires.
 */
async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((hidden) => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (hidden ? "hidden" : "visible") });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
}

/** Counts the page's requests that read a run on (they carry Last-Event-ID), as `window.resumeTries`. */
const COUNT_RESUME_TRIES = `
  const fetch = window.fetch;
  window.resumeTries = 0;
  window.fetch = function (input, init) {
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (headers.has("Last-Event-ID")) window.resumeTries++;
    return fetch.apply(this, arguments);
  };
`;

/**
 * A minute of the page's time passes at once (its clock is faked from here on, then flows again):
 * every backoff wait the reconnect loop started ends. Returns how many tries it made meanwhile.
 */
async function aMinuteLater(page: Page): Promise<number> {
  const tries = () => page.evaluate(() => (window as unknown as { resumeTries: number }).resumeTries);
  const before = await tries();
  await page.clock.runFor(60_000);
  return (await tries()) - before;
}

/** How many requests of `agent` read a run on (they carry Last-Event-ID). */
const resumes = (agent: MockAgent) => agent.requests.filter((r) => r.headers["last-event-id"]).length;

/**
 * A page on the dropping agent, its tries to read on counted and its clock faked (time flows until
 * a test runs it on), the story sent and held after its fifth word, before the agent cuts the
 * response. `releaseHolds()` lets the response go on to its cut.
 */
async function heldMidReply(): Promise<Page> {
  const page = await openPage(stack, "agentic-chat", `agent=${encodeURIComponent(`${dropping.baseUrl}/agentic-chat`)}`, undefined, {
    initScript: COUNT_RESUME_TRIES,
  });
  await page.clock.install();
  const telling = dropping.hold({ type: "TEXT_MESSAGE_CONTENT", count: 5 });
  holds.push(telling);
  await send(page, "tell me a story");
  await telling.reached;
  await lastAssistantText(page)
    .getByText(/^(\S+\s+){4}/)
    .waitFor();
  return page;
}

/** The story ends on the page whole (each word once), the run settles, with no error shown or thrown. */
async function endsWhole(page: Page): Promise<void> {
  await lastAssistantText(page)
    .getByText(/work together\.$/)
    .waitFor();
  await settled(page);
  expect((await lastAssistantText(page).textContent())?.trim()).toBe(story.trim());
  expect(await page.getByRole("alert").count()).toBe(0);
  expect((page as unknown as { errors: string[] }).errors).toEqual([]);
}

const userMessages = (page: Page) => page.locator('[data-testid="message"][data-role="user"]');

describe("resumable streams, in Chromium", () => {
  it("a connection dropped after a dozen events: the reply ends whole, each word once, no error", async () => {
    const page = await openPage(stack, "agentic-chat", `agent=${encodeURIComponent(`${dropping.baseUrl}/agentic-chat`)}`);
    const said = await recordAnnouncements(page);
    await send(page, "tell me a story");
    await endsWhole(page);
    expect(await said()).toContain("Reconnecting…");
    expect(resumes(dropping)).toBeGreaterThan(3);
    await screenshot(page, "resume-dropped-connection");
  });

  it("a reload mid-reply: the reply continues in the reloaded page and ends whole", async () => {
    const page = await openPage(stack, "agentic-chat", `agent=${encodeURIComponent(`${slow.baseUrl}/agentic-chat`)}`);
    // The story held after its fourteenth word until the reloaded page has asked to resume: the
    // reload lands mid-reply, whatever the machine's speed.
    const telling = slow.hold({ type: "TEXT_MESSAGE_CONTENT", count: 14 });
    await send(page, "tell me a long story");
    await telling.reached;
    // A dozen words on screen, and the thread saved with them (the list says so), the reply going on.
    await lastAssistantText(page)
      .getByText(/^(\S+\s+){12}/)
      .waitFor();
    await page.locator('nav[aria-label="Threads"][data-state="saved"]').waitFor();
    expect(await page.getByTestId("tandem-chat").getAttribute("data-running")).toBe("true");
    await page.reload();
    await page.getByRole("textbox", { name: "Message" }).waitFor();
    await expect.poll(() => slow.requests.filter((r) => r.headers["last-event-id"]).length, { timeout: 15_000 }).toBe(1);
    telling.release();
    await lastAssistantText(page)
      .getByText(/work together\.$/)
      .waitFor();
    await settled(page);
    expect((await lastAssistantText(page).textContent())?.trim()).toBe(story.trim());
    expect(await userMessages(page).allTextContents()).toEqual([expect.stringContaining("tell me a long story")]);
    expect(await page.getByRole("alert").count()).toBe(0);
    const resumed = slow.requests.filter((r) => r.headers["last-event-id"]);
    expect(resumed).toHaveLength(1);
    await screenshot(page, "resume-after-reload");
  });

  it("a tab hidden mid-reply while the network drops shows the whole reply when it becomes visible", async () => {
    const page = await heldMidReply();
    await setHidden(page, true);
    await page.context().setOffline(true);
    const before = resumes(dropping);
    releaseHolds();
    // The stream dropped while nobody looks and nothing can get through: it waits, a minute
    // later still, without a try (each would fail, and six of them gave up).
    await page.getByTestId("tandem-reconnecting").waitFor({ state: "attached" });
    expect(await aMinuteLater(page)).toBe(0);
    await page.context().setOffline(false);
    // Online again, yet still hidden: still no try, no error.
    expect(await aMinuteLater(page)).toBe(0);
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(await page.getByTestId("tandem-chat").getAttribute("data-running")).toBe("true");
    await setHidden(page, false);
    await endsWhole(page);
    expect(resumes(dropping)).toBeGreaterThan(before);
    await screenshot(page, "resume-hidden-offline");
  });

  it("a connection lost mid-reply while offline: the whole reply once the device is back online", async () => {
    const page = await heldMidReply();
    await page.context().setOffline(true);
    releaseHolds();
    await page.getByTestId("tandem-reconnecting").waitFor({ state: "attached" });
    expect(await aMinuteLater(page)).toBe(0);
    expect(await page.getByRole("alert").count()).toBe(0);
    await page.context().setOffline(false);
    await endsWhole(page);
  });
});

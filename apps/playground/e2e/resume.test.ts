import { type MockAgent, startMockAgent } from "@tandem/mock-agent";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closePages, lastAssistantText, openPage, type Stack, screenshot, send, settled, startStack } from "./stack";

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
  story = await wholeStory(stack.agent);
});
afterEach(() => closePages(stack));
afterAll(async () => {
  await dropping?.close();
  await slow?.close();
  await stack?.close();
});

/** The story as the mock agent tells it on a connection that does not drop. */
async function wholeStory(agent: MockAgent): Promise<string> {
  const response = await fetch(`${agent.baseUrl}/agentic-chat`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ threadId: "story", runId: "story", messages: [{ id: "u", role: "user", content: "tell me a story" }] }),
  });
  return (await response.text())
    .split("\n\n")
    .flatMap((frame) => frame.split("\n").filter((line) => line.startsWith("data: ")))
    .map((line) => JSON.parse(line.slice(6)) as { type: string; delta?: string })
    .filter((event) => event.type === "TEXT_MESSAGE_CONTENT")
    .map((event) => event.delta)
    .join("");
}

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

const userMessages = (page: Page) => page.locator('[data-testid="message"][data-role="user"]');

describe("resumable streams, in Chromium", () => {
  it("a connection dropped after a dozen events: the reply ends whole, each word once, no error", async () => {
    const page = await openPage(stack, "agentic-chat", `agent=${encodeURIComponent(`${dropping.baseUrl}/agentic-chat`)}`);
    const said = await recordAnnouncements(page);
    await send(page, "tell me a story");
    await lastAssistantText(page)
      .getByText(/work together\.$/)
      .waitFor();
    await settled(page);
    expect((await lastAssistantText(page).textContent())?.trim()).toBe(story.trim());
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(await said()).toContain("Reconnecting…");
    expect(dropping.requests.filter((r) => r.headers["last-event-id"]).length).toBeGreaterThan(3);
    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
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
});

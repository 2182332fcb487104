import { lastUserText, type MockAgent, type Script, type Step, startMockAgent } from "@tandem/mock-agent";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closePages, lastAssistantText, openPage, type Stack, screenshot, send, settled, startStack } from "./stack";

// Issue 34: a reload mid-run read the run again onto a state saved mid-run that already held its
// deltas: 12 appends cut after the 6th ended as 18 items, a remove by index removed the wrong one.

/** The items the run appends, one STATE_DELTA each, then a remove by index (the 4th, "item 3"). */
const ITEMS = Array.from({ length: 12 }, (_, i) => `item ${i}`);
const MEANT = ITEMS.filter((_, i) => i !== 3);

/** "start": sets `{items: []}`. "fill": appends ITEMS one by one (a word of the reply each), then removes index 3. */
const script: Script = (input) => {
  const { threadId, runId } = input;
  const text = (messageId: string, words: string[]): Step[] => [
    { type: "TEXT_MESSAGE_START", messageId, role: "assistant" },
    ...words.map((delta) => ({ type: "TEXT_MESSAGE_CONTENT", messageId, delta })),
    { type: "TEXT_MESSAGE_END", messageId },
  ];
  const body: Step[] =
    lastUserText(input) === "start"
      ? [{ type: "STATE_SNAPSHOT", snapshot: { items: [] } }, ...text(`${runId}-m`, ["Ready."])]
      : [
          { type: "TEXT_MESSAGE_START", messageId: `${runId}-m`, role: "assistant" },
          ...ITEMS.flatMap((item, i): Step[] => [
            { type: "STATE_DELTA", delta: [{ op: "add", path: "/items/-", value: item }] },
            { type: "TEXT_MESSAGE_CONTENT", messageId: `${runId}-m`, delta: `w${i + 1} ` },
          ]),
          { type: "STATE_DELTA", delta: [{ op: "remove", path: "/items/3" }] },
          { type: "TEXT_MESSAGE_CONTENT", messageId: `${runId}-m`, delta: "done." },
          { type: "TEXT_MESSAGE_END", messageId: `${runId}-m` },
        ];
  return [{ type: "RUN_STARTED", threadId, runId }, ...body, { type: "RUN_FINISHED", threadId, runId }];
};

let stack: Stack;
let agent: MockAgent;
beforeAll(async () => {
  stack = await startStack();
  agent = await startMockAgent({ scenario: script });
});
afterEach(() => closePages(stack));
afterAll(async () => {
  await agent?.close();
  await stack?.close();
});

/** The agent's state as the inspector shows it. */
async function stateOf(page: Page): Promise<{ items?: string[] } | null> {
  const text = await page.getByTestId("event-inspector").getByTestId("inspector-state").textContent();
  try {
    return JSON.parse(text ?? "null");
  } catch {
    return null;
  }
}

describe("exact resume, in Chromium", () => {
  it("a reload after the 6th of 12 appends (and a remove by index): the state ends as the server meant", async () => {
    const page = await openPage(stack, "agentic-chat", `agent=${encodeURIComponent(agent.url)}`);
    await send(page, "start");
    await settled(page);
    await expect.poll(() => stateOf(page)).toEqual({ items: [] });

    const hold = agent.hold({ type: "STATE_DELTA", count: 6 });
    await send(page, "fill");
    await hold.reached;
    // Six items shown, five words of the reply, and the thread saved with them mid-run.
    await expect.poll(() => stateOf(page).then((s) => s?.items?.length)).toBe(6);
    await expect.poll(() => lastAssistantText(page).textContent()).toMatch(/w5\s*$/);
    await page.locator('nav[aria-label="Threads"][data-state="saved"]').waitFor();
    expect(await page.getByTestId("tandem-chat").getAttribute("data-running")).toBe("true");
    await page.reload();
    await page.getByRole("textbox", { name: "Message" }).waitFor();
    // The reloaded page asks to read the run on; the server goes on from where it held.
    // A hang guard: the reload at a quarter speed, its stored thread read, beside a busy machine.
    await expect.poll(() => agent.requests.filter((r) => r.headers["last-event-id"]).length, { timeout: 60_000 }).toBe(1);
    hold.release();
    await lastAssistantText(page)
      .getByText(/done\.$/)
      .waitFor();
    await settled(page);
    expect(await stateOf(page)).toEqual({ items: MEANT });
    expect((await lastAssistantText(page).textContent())?.trim()).toBe(`${ITEMS.map((_, i) => `w${i + 1}`).join(" ")} done.`);
    expect(await page.getByRole("alert").count()).toBe(0);
    await screenshot(page, "exact-resume");
  }, 120_000);
});

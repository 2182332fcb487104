import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closePages, openPage, type Stack, send, startStack, throttleCpu } from "./stack";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterEach(() => closePages(stack));
afterAll(() => stack?.close());

const outboxTexts = (page: Page) =>
  page.getByTestId("queued-message").evaluateAll((nodes) => nodes.map((n) => (n.textContent ?? "").trim()));
const userTexts = (page: Page) =>
  page
    .locator('[data-testid="message"][data-role="user"] .tandem-user-content')
    .evaluateAll((nodes) => nodes.map((n) => (n.textContent ?? "").trim()));

/** The agentic chat's stored threads, as the texts of their outbox items. */
const storedOutboxes = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[][]>((resolve, reject) => {
        const open = indexedDB.open("playground-agentic-chat");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction("threads").objectStore("threads").getAll();
          read.onsuccess = () => {
            open.result.close();
            const records = read.result as { outbox?: { content: unknown }[] }[];
            resolve(records.map((r) => (r.outbox ?? []).map((i) => String(i.content)).sort()));
          };
        };
      }),
  );

/**
 * What each tab shows (its chat's state, whether it follows the other's run, its thread's save
 * state, the user's words and the replies) and every request the agent had, a run's with the
 * user's words it carried last: said when a wait below gives up, so a failure says where it stood.
 */
async function whereItStood(tabs: Page[]): Promise<string> {
  const shown = await Promise.all(
    tabs.map(async (tab, i) => {
      const chat = tab.getByTestId("tandem-chat");
      const attributes = await chat.evaluate((el) => ({
        state: el.getAttribute("data-state"),
        following: el.getAttribute("data-following"),
        saved: document.querySelector('nav[aria-label="Threads"]')?.getAttribute("data-state"),
        replies: document.querySelectorAll('[data-testid="message"][data-role="assistant"]').length,
      }));
      return `tab ${i + 1}: ${JSON.stringify({ ...attributes, users: await userTexts(tab), outbox: await outboxTexts(tab) })}`;
    }),
  );
  // Every request, a run's with the user's last words (a reconnect to a run that ended shows here too).
  const requests = stack.agent.requests.map((r) => {
    const messages = (r.body as { messages?: { role?: string; content?: unknown }[] } | undefined)?.messages;
    const said = messages?.filter((m) => m.role === "user").at(-1)?.content;
    return `${r.method} ${r.path}${said === undefined ? "" : ` (${String(said)})`}`;
  });
  return [...shown, `requests to the agent: ${JSON.stringify(requests)}`].join("\n");
}

/** Waits for `wait`; when it gives up, its error says where the tabs stood. */
async function explained(tabs: Page[], wait: Promise<unknown>): Promise<void> {
  try {
    await wait;
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${await whereItStood(tabs)}`);
  }
}

// Two tabs, one of them throttled 4×, each sending a run after the other: on a 2-core machine with
// another process busy, passing runs took up to 70 s in all. The waits below are hang guards for
// state the test holds (both queued, both sent, both idle), not time slots. (A message lost here
// was a bug: a save of a tab with no run cleared the other's run mark; see 08460a9.)
describe("the outbox across tabs, in Chromium", () => {
  it("two offline tabs of one thread each queue a message: both tabs keep both, and both are sent and kept after a reload", async () => {
    const one = await openPage(stack, "agentic-chat");
    const two = await one.context().newPage();
    await throttleCpu(two);
    await two.goto(one.url());
    await two.getByRole("textbox", { name: "Message" }).waitFor();

    await one.context().setOffline(true);
    await Promise.all([send(one, "queued in tab one"), send(two, "queued in tab two")]);
    for (const tab of [one, two]) {
      await expect.poll(async () => (await outboxTexts(tab)).length, { timeout: 30_000 }).toBe(2);
      const texts = (await outboxTexts(tab)).join("\n");
      expect(texts).toContain("queued in tab one");
      expect(texts).toContain("queued in tab two");
    }
    await expect.poll(() => storedOutboxes(one), { timeout: 30_000 }).toEqual([["queued in tab one", "queued in tab two"]]);

    await one.context().setOffline(false);
    for (const tab of [one, two]) {
      await explained(
        [one, two],
        expect.poll(async () => (await userTexts(tab)).sort(), { timeout: 90_000 }).toEqual(["queued in tab one", "queued in tab two"]),
      );
      await explained([one, two], expect.poll(async () => (await outboxTexts(tab)).length).toBe(0));
    }
    // The last run may be tab one's own, started once the other tab's ended: the same hang guard.
    await explained([one, two], one.locator('[data-testid="tandem-chat"][data-running="false"]').waitFor({ timeout: 90_000 }));
    await one.locator('nav[aria-label="Threads"][data-state="saved"]').waitFor();
    await one.reload();
    await one.getByRole("textbox", { name: "Message" }).waitFor();
    await expect.poll(async () => (await userTexts(one)).sort(), { timeout: 30_000 }).toEqual(["queued in tab one", "queued in tab two"]);
    expect(await outboxTexts(one)).toEqual([]);
  }, 180_000);
});

import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closePages, hold, lastAssistantText, openPage, type Stack, screenshot, send, startStack } from "./stack";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterEach(() => closePages(stack));
afterAll(() => stack?.close());

/** Every message of the transcript as "role: text". */
const transcript = (page: Page) =>
  page
    .locator('[data-testid="message"]')
    .evaluateAll((nodes) => nodes.map((n) => `${(n as HTMLElement).dataset.role}: ${(n.textContent ?? "").trim()}`));

const outboxItem = (page: Page, text: string) => page.getByTestId("queued-message").filter({ hasText: text });

/** Each POST the mock agent got for the thread that holds `text`: its messages as "role: first words". */
function runsWith(text: string): string[][] {
  const bodies = stack.agent.requests
    .filter((r) => r.method === "POST" && r.path === "/agentic-chat")
    .map((r) => r.body as { threadId: string; messages: { role: string; content?: unknown }[] });
  const threadId = bodies.find((b) => b.messages.some((m) => m.content === text))?.threadId;
  return bodies
    .filter((b) => b.threadId === threadId)
    .map((b) => b.messages.filter((m) => m.role !== "activity").map((m) => `${m.role}: ${String(m.content).slice(0, 18)}`));
}

/** The agentic chat's stored threads, as their outbox states and whether a run was going when saved. */
const stored = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ outbox: string[]; running: boolean }[]>((resolve, reject) => {
        const open = indexedDB.open("playground-agentic-chat");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction("threads").objectStore("threads").getAll();
          read.onsuccess = () => {
            open.result.close();
            const records = read.result as { outbox?: { state: string }[]; runningSince?: string[] }[];
            resolve(records.map((r) => ({ outbox: (r.outbox ?? []).map((i) => i.state), running: r.runningSince !== undefined })));
          };
        };
      }),
  );

describe("the outbox in Chromium", () => {
  it("a message sent while the agent replies is queued, sent after the reply ends, and answered", async () => {
    const page = await openPage(stack, "agentic-chat");
    // The story held after its third word: the agent is still replying when the next message is sent.
    const telling = hold(stack, { type: "TEXT_MESSAGE_CONTENT", count: 3, path: "/agentic-chat" });
    await send(page, "tell me a story");
    await telling.reached;
    await page.locator('[data-testid="tandem-chat"][data-running="true"]').waitFor();
    await send(page, "and then?");
    const queued = outboxItem(page, "and then?");
    await queued.waitFor();
    expect(await queued.getAttribute("data-state")).toBe("queued");
    await queued.getByText("Queued").waitFor();
    await page.getByTestId("outbox-status").getByText("1 message will be sent when the agent finishes.").waitFor();
    await page.getByRole("button", { name: "Remove queued message: and then?" }).waitFor();
    await screenshot(page, "outbox-queued");
    telling.release();

    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 30_000 }).toContain('You said: "and then?"');
    await queued.waitFor({ state: "detached" });
    const said = await transcript(page);
    expect(said.map((line) => line.slice(0, 30))).toEqual([
      "user: tell me a story",
      "assistant: Once upon a time, i",
      "user: and then?",
      'assistant: You said: "and then',
    ]);
    // One run each, the second after the first ended (it carries the story).
    expect(runsWith("tell me a story")).toEqual([
      ["user: tell me a story"],
      ["user: tell me a story", "assistant: Once upon a time, ", "user: and then?"],
    ]);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
  });

  it("a message sent offline waits for the connection and is sent, and answered, once the browser is back online", async () => {
    const page = await openPage(stack, "agentic-chat");
    await page.context().setOffline(true);
    await send(page, "sent from a tunnel");
    const waiting = outboxItem(page, "sent from a tunnel");
    await waiting.waitFor();
    expect(await waiting.getAttribute("data-state")).toBe("waiting");
    await waiting.getByText("Waiting for connection").waitFor();
    await page.getByRole("button", { name: "Send now" }).waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(runsWith("sent from a tunnel")).toEqual([]);
    await screenshot(page, "outbox-waiting");

    await page.context().setOffline(false);
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 30_000 }).toContain('You said: "sent from a tunnel"');
    await waiting.waitFor({ state: "detached" });
    expect(runsWith("sent from a tunnel")).toEqual([["user: sent from a tunnel"]]);
  });

  it("a reload while the agent cannot be reached keeps the message, said unreachable, and Send now sends it once", async () => {
    // A first backoff wait of an hour (`?retry=`): no try of the backoff's may start while the
    // test reloads (a reload in the middle of a try finds the message sent and cut off instead).
    const agentUrl = encodeURIComponent(`${stack.agent.baseUrl}/agentic-chat`);
    const page = await openPage(stack, "agentic-chat", `agent=${agentUrl}&retry=3600000`);
    await page.context().setOffline(true);
    await send(page, "kept over a reload");
    await outboxItem(page, "kept over a reload").waitFor();
    await page.locator('nav[aria-label="Threads"][data-state="saved"]').waitFor();

    // A page cannot be reloaded offline: the agent stays unreachable instead (each request to it
    // fails before any answer, as on a dead connection) while the page comes back.
    const toAgent = (url: URL) => url.href.startsWith(stack.agent.baseUrl);
    let failed = 0;
    page.on("requestfailed", (request) => {
      if (toAgent(new URL(request.url())) && request.method() === "POST") failed++;
    });
    await page.route(toAgent, (route) => route.abort("internetdisconnected"));
    await page.context().setOffline(false);
    // The online event sent it; the connection failed before the agent answered while the browser
    // is online: the agent can't be reached, the message is kept and tried again with backoff.
    await expect.poll(() => failed, { timeout: 15_000 }).toBeGreaterThan(0);
    await outboxItem(page, "kept over a reload").and(page.locator('[data-state="unreachable"]')).waitFor();
    // Saved so: a reload in the middle of a try would find the message sent and cut off instead (kept too, with Retry).
    await expect.poll(() => stored(page)).toEqual([{ outbox: ["unreachable"], running: false }]);

    await page.reload();
    await page.getByRole("textbox", { name: "Message" }).waitFor();
    // Restored and tried again on load (the browser is online): said unreachable, not a run error, not sent twice.
    await expect.poll(() => failed, { timeout: 15_000 }).toBeGreaterThan(1);
    await outboxItem(page, "kept over a reload").and(page.locator('[data-state="unreachable"]')).waitFor();
    await page.getByRole("alert").filter({ hasText: "can't be reached" }).waitFor();
    expect(await page.locator('[data-testid="message"]').count()).toBe(0);

    await page.unroute(toAgent);
    await page.getByRole("button", { name: "Send now" }).click();
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 30_000 }).toContain('You said: "kept over a reload"');
    await outboxItem(page, "kept over a reload").waitFor({ state: "detached" });
    expect(await transcript(page)).toEqual([
      "user: kept over a reload",
      expect.stringContaining('assistant: You said: "kept over a reload"'),
    ]);
    expect(runsWith("kept over a reload")).toEqual([["user: kept over a reload"]]);
  });
});

import type { RunAgentInput } from "@ag-ui/core";
import { type MockAgent, runFinished, runStarted, startMockAgent, textMessage } from "@tandem/mock-agent";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AgentClient } from "../run/agentClient.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import type { ThreadStorage } from "../storage/types.js";
import { sync, until } from "../test/scripts.js";
import "../test/warmPipeline.js";
import type { Remember } from "./remember.js";
import { ThreadRuntime } from "./threadRuntime.js";

let agents: MockAgent[] = [];
let runtimes: ThreadRuntime[] = [];
afterEach(async () => {
  for (const r of runtimes) r.dispose();
  runtimes = [];
  await Promise.all(agents.map((a) => a.close()));
  agents = [];
});

/** Answers "re: <question>" a word every 20 ms (`words` words), so a test can act mid-reply. */
async function serve(words = 3) {
  const agent = await startMockAgent({
    scenario: ((input: RunAgentInput) => {
      const last = input.messages.filter((m) => m.role === "user").at(-1);
      const words_ = [`re: ${String(last?.content)}`, ...Array.from({ length: words - 1 }, (_, i) => ` w${i}`)];
      return [runStarted(input), ...textMessage(words_, { tokenDelayMs: 20 }), runFinished(input)];
    }) as never,
  });
  agents.push(agent);
  return agent;
}

const noMemory = (): Remember => ({ get: () => null, set: () => {} });

function runtime(url: string, storage: ThreadStorage | undefined, options: { threadId?: string; remember?: Remember } = {}) {
  const r = new ThreadRuntime({
    ...(storage && { storage }),
    ...(options.threadId && { threadId: options.threadId }),
    remember: options.remember ?? noMemory(),
    createClient: (threadId) => new AgentClient({ url, threadId, schedule: sync }),
    persist: { debounceMs: 10 },
  });
  runtimes.push(r);
  return r;
}

/** Two tabs (runtimes) on thread t1 of one storage, connected. */
async function twoTabs() {
  const agent = await serve();
  const storage = memoryStorage();
  const tabA = runtime(agent.url, storage, { threadId: "t1" });
  const tabB = runtime(agent.url, storage, { threadId: "t1" });
  tabA.connect();
  tabB.connect();
  return { storage, tabA, tabB };
}

const texts = (r: { messages: { content?: unknown }[] } | null | undefined) => (r?.messages ?? []).map((m) => String(m.content));

describe("ThreadRuntime", () => {
  it("a thread removed while its reply streams is gone, and stays gone after the run would have ended", async () => {
    const agent = await serve(20);
    const storage = memoryStorage();
    const r = runtime(agent.url, storage, { threadId: "t1" });
    r.connect();
    // The reply held after its second word: it is still streaming when the thread is removed.
    const held = agent.hold({ type: "TEXT_MESSAGE_CONTENT", count: 2 });
    void r.client.sendMessage("hello");
    await held.reached;
    await until(() => (r.client.state.messages[1]?.content ?? "").length > 0);
    await until(() => r.state.threads.some((t) => t.id === "t1"));
    expect(r.client.state.status).not.toBe("idle");
    await r.remove("t1");
    held.release();
    expect(r.state.currentId).not.toBe("t1");
    // Long enough for the whole reply (20 words, 20 ms apart) and any save it would have caused.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await storage.load("t1")).toBeNull();
    await r.refresh();
    expect(r.state.threads.map((t) => t.id)).not.toContain("t1");
  });

  it("switching threads mid-reply leaves each thread with only its own messages, the one left saved as stopped", async () => {
    const agent = await serve(20);
    const storage = memoryStorage();
    const r = runtime(agent.url, storage, { threadId: "t1" });
    r.connect();
    // The reply held after its second word: the switch happens mid-reply.
    const held = agent.hold({ type: "TEXT_MESSAGE_CONTENT", count: 2 });
    void r.client.sendMessage("first");
    await held.reached;
    await until(() => (r.client.state.messages[1]?.content ?? "").length > 0);
    expect(r.client.state.status).not.toBe("idle");
    r.switchTo("t2");
    held.release();
    const second = r.client;
    await second.sendMessage("second");
    await until(() => second.state.status === "idle");
    await until(() => texts(r.state.client.state).length === 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const t1 = await storage.load("t1");
    const t2 = await storage.load("t2");
    expect(texts(t1)[0]).toBe("first");
    expect(texts(t1)).toHaveLength(2);
    expect(t1?.runningSince).toBeUndefined();
    expect(texts(t2)).toEqual(["second", "re: second w0 w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12 w13 w14 w15 w16 w17 w18"]);
  });

  it("a late action on the thread that was left is refused: nothing is sent, to it or to the new one", async () => {
    const agent = await serve();
    const r = runtime(agent.url, memoryStorage(), { threadId: "t1" });
    r.connect();
    const left = r.client;
    r.switchTo("t2");
    expect(left.retired).toBe(true);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await left.sendMessage("typed in t1, sent after the switch");
    warn.mockRestore();
    expect(left.state.messages).toEqual([]);
    expect(r.client.state.messages).toEqual([]);
    expect(agent.requests).toHaveLength(0);
  });

  it("makes no write while it is made (a render may make one and drop it): the current thread is remembered on connect", () => {
    const set = vi.fn();
    const r = runtime("http://127.0.0.1:9/", memoryStorage(), { remember: { get: () => null, set } });
    expect(set).not.toHaveBeenCalled();
    r.connect();
    expect(set).toHaveBeenCalledWith(r.state.currentId);
  });

  it("a message sent before the stored thread is read goes after it, and its run carries the whole thread", async () => {
    const agent = await serve();
    const storage = memoryStorage();
    const first = runtime(agent.url, storage, { threadId: "t1" });
    first.connect();
    await first.client.sendMessage("one");
    await until(() => texts(first.client.state).length === 2);
    first.dispose();
    const slow: ThreadStorage = {
      ...storage,
      load: async (id) => {
        await new Promise((r) => setTimeout(r, 50));
        return storage.load(id);
      },
    };
    const again = runtime(agent.url, slow, { threadId: "t1" });
    again.connect();
    await again.client.sendMessage("two");
    expect(texts(again.client.state)).toEqual(["one", "re: one w0 w1", "two", "re: two w0 w1"]);
    expect((agent.requests.at(-1)!.body as RunAgentInput).messages.map((m) => m.content)).toEqual(["one", "re: one w0 w1", "two"]);
  });

  it("two tabs follow each other: the list at once, and the current thread while it is idle", async () => {
    const { storage, tabA, tabB } = await twoTabs();
    await tabA.client.sendMessage("from A");
    await until(() => texts(tabB.client.state).length === 2);
    expect(texts(tabB.client.state)).toEqual(["from A", "re: from A w0 w1"]);
    expect(tabB.state.threads.map((t) => t.title)).toEqual(["from A"]);
    // B answers on the same thread; A follows, and A's next turn goes after it.
    await tabB.client.sendMessage("from B");
    // A follows B's reply as it is saved, never taking it for one a reload cut off.
    await until(() => texts(tabA.client.state)[3] === "re: from B w0 w1");
    expect(tabA.client.state.status).toBe("idle");
    await tabA.client.sendMessage("A again");
    await until(() => texts(tabA.client.state).length === 6);
    expect(texts(await storage.load("t1"))).toEqual([
      "from A",
      "re: from A w0 w1",
      "from B",
      "re: from B w0 w1",
      "A again",
      "re: A again w0 w1",
    ]);
  });

  it("a rating given in one tab shows in the other, and ratings of different replies from both are kept", async () => {
    const { storage, tabA, tabB } = await twoTabs();
    await tabA.client.sendMessage("rate this");
    await until(() => texts(tabB.client.state).length === 2 && tabB.client.state.status === "idle");
    const replyId = tabA.client.state.messages[1]!.id;
    await tabA.client.feedback.give(replyId, "up");
    await until(() => tabB.client.feedback.of(replyId)?.rating === "up");
    await tabB.client.feedback.give("u-other", "down", "meh");
    await until(() => tabA.client.feedback.of("u-other")?.rating === "down");
    const stored = await storage.load("t1");
    expect(stored?.feedback?.[replyId]?.rating).toBe("up");
    expect(stored?.feedback?.["u-other"]).toMatchObject({ rating: "down", comment: "meh" });
  });

  it("a thread removed in another tab is left by the tab showing it, which does not write it back", async () => {
    const { storage, tabA, tabB } = await twoTabs();
    await tabA.client.sendMessage("to be removed");
    await until(() => texts(tabB.client.state).length === 2);
    await tabA.remove("t1");
    await until(() => tabB.state.currentId !== "t1");
    tabB.client.setState({ touched: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await storage.load("t1")).toBeNull();
  });
});

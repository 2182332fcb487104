import type { RunAgentInput } from "@ag-ui/core";
import { type MockAgent, runFinished, runStarted, startMockAgent, textMessage } from "@tandem/mock-agent";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AgentClient } from "../run/agentClient.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import { persistThread } from "../storage/persistThread.js";
import { sync } from "../test/scripts.js";
import { mergeFeedback } from "./mergeFeedback.js";
import type { FeedbackGiven } from "./types.js";
import { FEEDBACK_EVENT } from "./types.js";

let agent: MockAgent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
  vi.restoreAllMocks();
});

type Options = Partial<ConstructorParameters<typeof AgentClient>[0]>;

/** A client whose thread has one reply, "a1"; `options` may use the agent's URLs. */
async function replied(options: Options | ((agent: MockAgent) => Options) = {}) {
  agent = await startMockAgent({
    scenario: (input: RunAgentInput) => [runStarted(input), ...textMessage(["Hi ", "there"], { messageId: "a1" }), runFinished(input)],
  });
  const extra = typeof options === "function" ? options(agent) : options;
  const client = new AgentClient({ url: agent.url, threadId: "t1", schedule: sync, ...extra });
  await client.sendMessage("Hello");
  return { client, agent };
}

describe("feedback on replies", () => {
  it("keeps a thumbs up in the thread, tells onFeedback and POSTs a CUSTOM event to the feedback URL", async () => {
    const given: FeedbackGiven[] = [];
    const { client, agent } = await replied((a) => ({
      onFeedback: (f) => void given.push(f),
      feedback: `${a.baseUrl}/feedback?thread={threadId}`,
      headers: { Authorization: "Bearer x" },
    }));
    expect(client.feedback.enabled).toBe(true);
    const fetched = vi.spyOn(globalThis, "fetch");
    await client.feedback.give("a1", "down", "  Too short  ");
    expect(client.state.feedback.a1).toMatchObject({ rating: "down", comment: "Too short" });
    expect(given).toEqual([{ threadId: "t1", messageId: "a1", rating: "down", comment: "Too short" }]);
    const posted = agent.requests.find((r) => r.path === "/feedback");
    expect(posted?.body).toMatchObject({ type: "CUSTOM", name: FEEDBACK_EVENT, value: given[0] });
    expect(posted?.headers.authorization).toBe("Bearer x");
    expect(String(fetched.mock.calls[0]?.[0])).toContain("thread=t1");
    expect((await fetched.mock.results[0]?.value)?.status).toBe(204);
  });

  it("takes a rating back with null, and a later rating wins", async () => {
    const { client } = await replied({ onFeedback: () => {} });
    await client.feedback.give("a1", "up");
    expect(client.feedback.of("a1")?.rating).toBe("up");
    await client.feedback.give("a1", null);
    expect(client.feedback.of("a1")?.rating).toBeNull();
  });

  it("keeps the rating when onFeedback throws or the feedback server refuses it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { client } = await replied({
      onFeedback: () => {
        throw new Error("analytics down");
      },
      feedback: "http://127.0.0.1:9/nowhere",
    });
    await client.feedback.give("a1", "up");
    expect(client.feedback.of("a1")?.rating).toBe("up");
    expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([
      expect.stringContaining("analytics down"),
      expect.stringContaining("could not send feedback"),
    ]);
  });

  it("is off, and sends nothing, unless the app takes feedback", async () => {
    const { client, agent } = await replied();
    expect(client.feedback.enabled).toBe(false);
    await client.feedback.give("a1", "up");
    expect(agent.requests.filter((r) => r.path !== "/")).toEqual([]);
  });

  it("wakes listeners when feedback changes, not for a streamed token", async () => {
    const { client } = await replied({ onFeedback: () => {} });
    const heard = vi.fn();
    const unsubscribe = client.feedback.subscribe(heard);
    client.setState({ any: 1 });
    expect(heard).not.toHaveBeenCalled();
    await client.feedback.give("a1", "up");
    expect(heard).toHaveBeenCalledTimes(1);
    unsubscribe();
    await client.feedback.give("a1", "down");
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it("is saved with the thread and comes back with it", async () => {
    const storage = memoryStorage();
    const { client, agent } = await replied({ onFeedback: () => {} });
    const persistence = persistThread(client, storage);
    await client.feedback.give("a1", "up");
    await persistence.flush();
    expect((await storage.load("t1"))?.feedback?.a1?.rating).toBe("up");
    const reloaded = new AgentClient({ url: agent.url, threadId: "t1", schedule: sync });
    reloaded.restore((await storage.load("t1"))!);
    expect(reloaded.feedback.of("a1")?.rating).toBe("up");
    await persistence.stop();
  });

  it("merges two tabs' saves reply by reply, the later verdict winning", async () => {
    const storage = memoryStorage();
    const { client: tabA, agent } = await replied({ onFeedback: () => {} });
    const saveA = persistThread(tabA, storage);
    await saveA.flush();
    const tabB = new AgentClient({ url: agent.url, threadId: "t1", schedule: sync, onFeedback: () => {} });
    const loaded = await storage.load("t1");
    tabB.restore(loaded!);
    const saveB = persistThread(tabB, storage, { loaded });
    await tabA.feedback.give("a1", "up");
    await saveA.flush();
    // Tab B has not seen A's rating; it rates the user's message id too (any id), later.
    await tabB.feedback.give("other", "down");
    await saveB.flush();
    const stored = await storage.load("t1");
    expect(stored?.feedback?.a1?.rating).toBe("up");
    expect(stored?.feedback?.other?.rating).toBe("down");
    await Promise.all([saveA.stop(), saveB.stop()]);
  });
});

describe("mergeFeedback", () => {
  it("keeps the later entry of each reply, and a take-back over an older rating", () => {
    const merged = mergeFeedback(
      { a: { rating: "up", at: 1 }, b: { rating: null, at: 5 } },
      { a: { rating: null, at: 2 }, b: { rating: "down", at: 3 }, c: { rating: "up", at: 1 } },
    );
    expect(merged).toEqual({ a: { rating: null, at: 2 }, b: { rating: null, at: 5 }, c: { rating: "up", at: 1 } });
  });

  it("keeps an entry whose id is __proto__ as an entry, touching no prototype", () => {
    const hostile = JSON.parse('{"__proto__": {"rating": "up", "at": 2}}');
    const merged = mergeFeedback({ a: { rating: "down", at: 1 } }, hostile);
    expect(Object.hasOwn(merged!, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.keys(merged!)).toEqual(["a", "__proto__"]);
  });
});

import type { RunAgentInput } from "@ag-ui/core";
import { type MockAgent, runFinished, runStarted, startMockAgent, textMessage, toolCall } from "@tandem/mock-agent";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { AgentClient } from "../run/agentClient.js";
import { sync, until } from "../test/scripts.js";
import { memoryStorage } from "./memoryStorage.js";
import { persistThread } from "./persistThread.js";
import type { StorageStatus, ThreadChange, ThreadStorage } from "./types.js";

let agents: MockAgent[] = [];
afterEach(async () => {
  await Promise.all(agents.map((a) => a.close()));
  agents = [];
});
async function serve(scenario: (input: RunAgentInput) => unknown[]) {
  const agent = await startMockAgent({ scenario: scenario as never });
  agents.push(agent);
  return agent;
}

/** A storage that counts its saves and what they carried. */
function counting(inner: ThreadStorage = memoryStorage()) {
  const saves: ThreadChange[] = [];
  const storage: ThreadStorage = {
    ...inner,
    save: (change) => {
      saves.push(change);
      return inner.save(change);
    },
  };
  return { storage, saves };
}

const reply = (words: number) => (input: RunAgentInput) => [
  runStarted(input),
  ...textMessage(
    Array.from({ length: words }, (_, i) => `w${i} `),
    { messageId: `a-${input.runId}`, tokenDelayMs: 1 },
  ),
  runFinished(input),
];

describe("persistThread", () => {
  it("writes a streamed reply a few times, not once per token, and only what changed", async () => {
    const agent = await serve(reply(400));
    const { storage, saves } = counting();
    const client = new AgentClient({ url: agent.url, threadId: "t1" });
    const persistence = persistThread(client, storage, { debounceMs: 100 });
    const started = Date.now();
    await client.sendMessage("Tell me a story");
    const streamedMs = Date.now() - started;
    await persistence.flush();
    expect(saves.length).toBeGreaterThan(1);
    // At most one save per 100 ms of streaming (a busy machine streams longer), and far fewer than tokens.
    expect(saves.length).toBeLessThanOrEqual(Math.ceil(streamedMs / 100) + 2);
    expect(saves.length).toBeLessThan(400 / 4);
    // The user's message is written once; later saves carry only the growing reply.
    expect(saves.flatMap((s) => s.put).filter((m) => m.role === "user")).toHaveLength(1);
    const stored = await storage.load("t1");
    expect(stored?.title).toBe("Tell me a story");
    expect(stored?.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(stored?.runningSince).toBeUndefined();
    await persistence.stop();
  });

  it("restores a thread whose human-in-the-loop call was pending, and the answer continues the agent", async () => {
    const agent = await serve((input) =>
      input.messages.at(-1)?.role === "tool"
        ? [runStarted(input), ...textMessage(["Done"], { messageId: "a2" }), runFinished(input)]
        : [runStarted(input), ...toolCall("confirm", { what: "deploy" }, { toolCallId: "c1", parentMessageId: "a1" }), runFinished(input)],
    );
    const storage = memoryStorage();
    const first = new AgentClient({ url: agent.url, threadId: "t1", schedule: sync });
    first.registerTool({ name: "confirm", parameters: z.object({ what: z.string() }) });
    const persistence = persistThread(first, storage);
    void first.sendMessage("deploy it");
    await until(() => first.state.status === "awaiting-input");
    await persistence.stop();
    first.dispose();

    // "Reload": a new client from what was stored.
    const stored = await storage.load("t1");
    const second = new AgentClient({ url: agent.url, threadId: "t1", schedule: sync });
    second.restore(stored!);
    second.registerTool({ name: "confirm", parameters: z.object({ what: z.string() }) });
    await until(() => second.state.status === "awaiting-input");
    second.respond("c1", { approved: true });
    await until(() => second.state.messages.some((m) => m.content === "Done"));
    const followUp = agent.requests.at(-1)!.body as RunAgentInput;
    expect(followUp.messages.at(-1)).toMatchObject({ role: "tool", toolCallId: "c1", content: JSON.stringify({ approved: true }) });
  });

  it("without resuming streams, marks a reply cut off by a reload, keeps it, and Retry starts from before it", async () => {
    const agent = await serve(reply(300));
    const storage = memoryStorage();
    const first = new AgentClient({ url: agent.url, threadId: "t1" });
    const persistence = persistThread(first, storage, { debounceMs: 20 });
    void first.sendMessage("long please");
    await until(() => (first.state.messages[1]?.content as string | undefined)?.includes("w50") ?? false);
    await persistence.flush();
    first.dispose(); // the page goes away mid-stream

    const stored = await storage.load("t1");
    expect(stored?.runningSince).toEqual([first.state.messages[0]!.id]);
    const second = new AgentClient({ url: agent.url, threadId: "t1", schedule: sync, reconnect: false });
    await second.transport;
    second.restore(stored!);
    expect(second.state.status).toBe("error");
    expect(second.state.error?.message).toMatch(/cut off .* reloaded/);
    expect(second.state.messages).toHaveLength(2);
    await second.retry();
    expect(second.state.status).toBe("idle");
    expect(second.state.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(second.state.messages[1]!.content).toMatch(/w299 $/);
  });

  it("two tabs on one thread lose nothing: turns sent at once become two versions", async () => {
    const agent = await serve((input) => [
      runStarted(input),
      ...textMessage([`re: ${input.messages.filter((m) => m.role === "user").length}`]),
      runFinished(input),
    ]);
    const storage = memoryStorage();
    const tabA = new AgentClient({ url: agent.url, threadId: "t1", schedule: sync });
    const tabB = new AgentClient({ url: agent.url, threadId: "t1", schedule: sync });
    const a = persistThread(tabA, storage);
    const b = persistThread(tabB, storage);
    await tabA.sendMessage("from A");
    await tabB.sendMessage("from B");
    await Promise.all([a.flush(), b.flush()]);
    const stored = await storage.load("t1");
    const versions = stored?.branches?.[""]?.versions ?? [];
    const kept = [stored!.messages, ...versions].flat().filter((m) => m.role === "user");
    expect(kept.map((m) => m.content).sort()).toEqual(["from A", "from B"]);
    expect(stored?.messages).toHaveLength(2);
    expect(versions).toHaveLength(2);
  });

  it("a tab that only queues a message leaves another tab's run marked as going on; the tab that ran it clears the mark", async () => {
    const storage = memoryStorage();
    const owner = new AgentClient({ url: "http://127.0.0.1:9", threadId: "t-run", schedule: sync });
    owner.store.update((s) => ({ ...s, messages: [{ id: "u1", role: "user", content: "hi" }] }));
    const ownerSaves = persistThread(owner, storage, { debounceMs: 0 });
    await ownerSaves.flush();
    // A tab that read the thread before the other one's run began.
    const loaded = (await storage.load("t-run"))!;
    // The other tab's run starts: its save marks it.
    owner.store.update((s) => ({ ...s, status: "running" }));
    await ownerSaves.flush();
    expect((await storage.load("t-run"))?.runningSince).toEqual(["u1"]);

    const offline = { online: false, onOnline: () => () => {} };
    const queuing = new AgentClient({ url: "http://127.0.0.1:9", threadId: "t-run", schedule: sync, network: offline });
    queuing.restore(loaded);
    const queuingSaves = persistThread(queuing, storage, { debounceMs: 0, loaded });
    void queuing.sendMessage("sent offline");
    await queuingSaves.flush();
    const stored = await storage.load("t-run");
    expect(stored?.outbox?.map((i) => i.content)).toEqual(["sent offline"]);
    expect(stored?.runningSince).toEqual(["u1"]);

    // The run ends in the tab that ran it: its save clears the mark.
    owner.store.update((s) => ({ ...s, status: "idle" }));
    await ownerSaves.flush();
    expect((await storage.load("t-run"))?.runningSince).toBeUndefined();
    await Promise.all([ownerSaves.stop(), queuingSaves.stop()]);
    owner.dispose();
    queuing.dispose();
  });

  it("a storage that fails is reported in words, and the chat goes on in memory", async () => {
    const agent = await serve(reply(5));
    const statuses: StorageStatus[] = [];
    const full: ThreadStorage = {
      ...memoryStorage(),
      save: async () => {
        throw Object.assign(new Error("quota exceeded"), { name: "QuotaExceededError" });
      },
    };
    const client = new AgentClient({ url: agent.url, threadId: "t1" });
    persistThread(client, full, { onStatus: (s) => statuses.push(s) });
    await client.sendMessage("hello");
    await until(() => statuses.some((s) => s.kind === "failed"));
    expect(statuses.find((s) => s.kind === "failed")).toMatchObject({ message: expect.stringMatching(/storage is full/) });
    expect(client.state.status).toBe("idle");
    expect(client.state.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
  });
});

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
    await client.sendMessage("Tell me a story");
    await persistence.flush();
    expect(saves.length).toBeGreaterThan(1);
    expect(saves.length).toBeLessThan(20);
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

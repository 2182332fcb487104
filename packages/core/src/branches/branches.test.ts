import type { Message, RunAgentInput } from "@ag-ui/core";
import { type MockAgent, runFinished, runStarted, startMockAgent, textMessage } from "@tandem/mock-agent";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AgentClient } from "../run/agentClient.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import { persistThread } from "../storage/persistThread.js";
import type { ThreadChange } from "../storage/types.js";
import { sync } from "../test/scripts.js";
import type { ThreadState } from "../types.js";
import { fork, switchVersion, unfork, versionsOf } from "./branches.js";

const user = (id: string, content = id): Message => ({ id, role: "user", content });
const reply = (id: string, content = id): Message => ({ id, role: "assistant", content });
const texts = (messages: readonly Message[]) => messages.map((m) => m.content);
const at = (path: Pick<ThreadState, "messages" | "branches">, id: string) =>
  versionsOf(
    path.messages.map((m) => m.id),
    path.branches,
    id,
  );

describe("the branch model", () => {
  const thread = [user("q1"), reply("a1"), user("q2"), reply("a2"), user("q3"), reply("a3")];

  it("keeps what followed an edited message in the middle of a thread as a version of its own", () => {
    const edited = fork({ messages: thread, branches: {} }, 2);
    expect(texts(edited.messages)).toEqual(["q1", "a1"]);
    expect(edited.branches).toEqual({ a1: { versions: [thread.slice(2), []], active: 1 } });
    const path = { ...edited, messages: [...edited.messages, user("q2b"), reply("a2b")] };
    expect(at(path, "q2b")).toEqual({ key: "a1", index: 1, count: 2 });
    expect(at(path, "a2b")).toBeNull();
    expect(at(path, "q1")).toBeNull();
  });

  it("switches back and forth, keeping each version as it was left", () => {
    const edited = fork({ messages: thread, branches: {} }, 2);
    const path = { ...edited, messages: [...edited.messages, user("q2b"), reply("a2b")] };
    const back = switchVersion(path, "q2b", 0)!;
    expect(texts(back.messages)).toEqual(texts(thread));
    expect(at(back, "q2")).toEqual({ key: "a1", index: 0, count: 2 });
    const forth = switchVersion(back, "q2", 1)!;
    expect(texts(forth.messages)).toEqual(["q1", "a1", "q2b", "a2b"]);
    expect(forth.messages[2]).toBe(path.messages[2]);
    expect(switchVersion(forth, "q2b", 1)).toBeNull();
    expect(switchVersion(forth, "q2b", 5)).toBeNull();
    expect(switchVersion(forth, "a2b", 0)).toBeNull();
  });

  it("regenerating twice keeps three replies, and a version nested inside another survives switching", () => {
    let path = { messages: thread, branches: {} };
    path = fork(path, 5);
    path = { ...path, messages: [...path.messages, reply("a3b")] };
    path = fork(path, 5);
    path = { ...path, messages: [...path.messages, reply("a3c")] };
    expect(at(path, "a3c")).toEqual({ key: "q3", index: 2, count: 3 });
    // An edit further up keeps the whole lower half, its three replies included.
    path = fork(path, 0);
    path = { ...path, messages: [user("q1b"), reply("a1b")] };
    path = switchVersion(path, "q1b", 0)!;
    expect(texts(path.messages)).toEqual(["q1", "a1", "q2", "a2", "q3", "a3c"]);
    expect(at(path, "a3c")).toEqual({ key: "q3", index: 2, count: 3 });
    path = switchVersion(path, "a3c", 0)!;
    expect(texts(path.messages).at(-1)).toBe("a3");
  });

  it("reuses a version that a failed reply left empty instead of piling up empty ones", () => {
    const once = fork({ messages: thread, branches: {} }, 5);
    expect(fork(once, 5)).toBe(once);
  });

  it("takes back a new version that is still empty, showing the one it replaced", () => {
    const start = { messages: thread, branches: {} };
    const first = fork(start, 5);
    expect(unfork(first, 5, start.branches)).toEqual({ messages: thread, branches: {} });
    // With earlier versions, the one that was on screen comes back.
    const two = { ...first, messages: [...first.messages, reply("a3b")] };
    const shown = switchVersion(two, "a3b", 0)!;
    const again = fork(shown, 5);
    const back = unfork(again, 5, shown.branches)!;
    expect(texts(back.messages).at(-1)).toBe("a3");
    expect(at(back, "a3")).toEqual({ key: "q3", index: 0, count: 2 });
    expect(unfork(two, 5, start.branches)).toBeNull();
  });
});

let agent: MockAgent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});

/** An agent that answers "answer N" to its Nth run, and the client that talks to it. */
async function counting() {
  let n = 0;
  agent = await startMockAgent({
    scenario: (input) => {
      n++;
      return [runStarted(input), ...textMessage([`answer ${n}`], { messageId: `r${n}` }), runFinished(input)];
    },
  });
  const client = new AgentClient({ url: agent.url, threadId: "t1", schedule: sync });
  return { client, agent, sent: () => agent!.requests.map((r) => texts((r.body as RunAgentInput).messages)) };
}

describe("AgentClient branches", () => {
  it("runs an edited question on its own branch, sending the active path only", async () => {
    const { client, sent } = await counting();
    await client.sendMessage("first");
    await client.sendMessage("second");
    await client.sendMessage("third");
    const second = client.state.messages[2]!.id;
    await client.editMessage(second, "second, edited");
    expect(texts(client.state.messages)).toEqual(["first", "answer 1", "second, edited", "answer 4"]);
    expect(sent().at(-1)).toEqual(["first", "answer 1", "second, edited"]);
    const head = client.state.messages[2]!.id;
    client.selectBranch(head, 0);
    expect(texts(client.state.messages)).toEqual(["first", "answer 1", "second", "answer 2", "third", "answer 3"]);
    expect(agent!.requests).toHaveLength(4);
    // A run on the old branch goes on from there.
    await client.sendMessage("fourth");
    expect(sent().at(-1)).toEqual(["first", "answer 1", "second", "answer 2", "third", "answer 3", "fourth"]);
    client.selectBranch(second, 1);
    expect(texts(client.state.messages)).toEqual(["first", "answer 1", "second, edited", "answer 4"]);
  });

  it("regenerate keeps every reply; switching never runs the agent", async () => {
    const { client } = await counting();
    await client.sendMessage("q");
    await client.regenerate();
    await client.regenerate();
    const head = client.state.messages[1]!.id;
    expect(at(client.state, head)).toMatchObject({ index: 2, count: 3 });
    client.selectBranch(head, 0);
    expect(texts(client.state.messages)).toEqual(["q", "answer 1"]);
    client.selectBranch(client.state.messages[1]!.id, 1);
    expect(texts(client.state.messages)).toEqual(["q", "answer 2"]);
    expect(agent!.requests).toHaveLength(3);
  });

  it("refuses to edit what is not a user message, and does not switch while a reply streams", async () => {
    const { client } = await counting();
    await client.sendMessage("q");
    await client.regenerate();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const before = client.state;
    await client.editMessage(client.state.messages[1]!.id, "nope");
    expect(client.state).toBe(before);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("no user message"));
    warn.mockRestore();
    const running = client.sendMessage("more");
    const head = before.messages[1]!.id;
    client.selectBranch(head, 0);
    expect(client.state.messages[1]!.id).toBe(head);
    await running;
  });

  it("a regenerate that fails before a word puts the old reply back, and Retry asks again", async () => {
    let fail = false;
    let n = 0;
    agent = await startMockAgent({
      scenario: (input) => {
        if (fail) return { status: 500, body: { error: "model backend unavailable" } };
        n++;
        return [runStarted(input), ...textMessage([`answer ${n}`], { messageId: `r${n}` }), runFinished(input)];
      },
    });
    const client = new AgentClient({ url: agent.url, threadId: "t1", schedule: sync });
    await client.sendMessage("q");
    fail = true;
    await client.regenerate();
    expect(texts(client.state.messages)).toEqual(["q", "answer 1"]);
    expect(client.state.error).toMatchObject({ kind: "http", status: 500 });
    expect(at(client.state, "r1")).toBeNull();
    fail = false;
    await client.retry();
    expect(texts(client.state.messages)).toEqual(["q", "answer 2"]);
    expect(at(client.state, "r2")).toMatchObject({ index: 1, count: 2 });
  });

  it("a regenerate stopped before its first word puts the old reply back", async () => {
    let slow = false;
    agent = await startMockAgent({
      scenario: (input) =>
        slow
          ? [runStarted(input), { delay: 5000 }, ...textMessage(["late"], { messageId: "late" }), runFinished(input)]
          : [runStarted(input), ...textMessage(["answer"], { messageId: "r1" }), runFinished(input)],
    });
    const client = new AgentClient({ url: agent.url, threadId: "t1", schedule: sync });
    await client.sendMessage("q");
    slow = true;
    const regenerating = client.regenerate();
    expect(texts(client.state.messages)).toEqual(["q"]);
    await new Promise((r) => setTimeout(r, 50));
    client.stop();
    await regenerating;
    expect(texts(client.state.messages)).toEqual(["q", "answer"]);
    expect(client.state.status).toBe("idle");
  });

  it("keeps the branches through a save and a reload", async () => {
    const { client } = await counting();
    const storage = memoryStorage();
    const persistence = persistThread(client, storage);
    await client.sendMessage("q");
    await client.editMessage(client.state.messages[0]!.id, "q, edited");
    await persistence.flush();
    const stored = await storage.load("t1");
    const reloaded = new AgentClient({ url: agent!.url, threadId: "t1", schedule: sync });
    reloaded.restore(stored!);
    expect(texts(reloaded.state.messages)).toEqual(["q, edited", "answer 2"]);
    reloaded.selectBranch(reloaded.state.messages[0]!.id, 0);
    expect(texts(reloaded.state.messages)).toEqual(["q", "answer 1"]);
    // Switching is saved too.
    const again = persistThread(reloaded, storage, { loaded: stored });
    await again.flush();
    expect(texts((await storage.load("t1"))!.messages)).toEqual(["q", "answer 1"]);
    await Promise.all([persistence.stop(), again.stop()]);
  });

  it("writes the versions only when they change, not with every save", async () => {
    const { client } = await counting();
    const storage = memoryStorage();
    const saves: ThreadChange[] = [];
    const save = (change: ThreadChange) => {
      saves.push(change);
      return storage.save(change);
    };
    const persistence = persistThread(client, { ...storage, save });
    await client.sendMessage("q");
    await client.regenerate();
    await persistence.flush();
    const regenerated = saves.length;
    expect(saves.filter((c) => c.branches !== undefined).length).toBeGreaterThan(0);
    await client.sendMessage("more");
    await persistence.flush();
    expect(saves.length).toBeGreaterThan(regenerated);
    expect(saves.slice(regenerated).every((c) => c.branches === undefined)).toBe(true);
    const stored = (await storage.load("t1"))!;
    expect(Object.values(stored.branches!)[0]!.versions).toHaveLength(2);
    expect(texts(stored.messages)).toEqual(["q", "answer 2", "more", "answer 3"]);
    await persistence.stop();
  });
});

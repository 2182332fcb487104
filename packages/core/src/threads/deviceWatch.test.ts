import type { Message } from "@ag-ui/core";
import { type MockAgent, startMockAgent } from "@tandem/mock-agent";
import { afterEach, describe, expect, it } from "vitest";
import { AgentClient } from "../run/agentClient.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import { persistThread } from "../storage/persistThread.js";
import type { StoredThread, ThreadStorage } from "../storage/types.js";
import { sync, until } from "../test/scripts.js";
import { toolTab } from "../test/toolTab.js";
import "../test/warmPipeline.js";
import { lockManager } from "../test/webLocks.js";
import { watchOtherDevice } from "./deviceWatch.js";
import type { ThreadRuntime } from "./threadRuntime.js";
import type { Session } from "./types.js";

let agents: MockAgent[] = [];
let runtimes: ThreadRuntime[] = [];
afterEach(async () => {
  for (const r of runtimes) r.dispose();
  runtimes = [];
  await Promise.all(agents.map((a) => a.close()));
  agents = [];
});

/**
 * A device (a browser of its own: its own Web Locks and device id) showing thread t1 of a
 * storage both devices share (a server's thread store), its client offering change_background
 * (the handler's runs counted) and joining runs through the mock's join endpoint.
 */
function device(agent: MockAgent, storage: ThreadStorage, id: string) {
  const resume = `${agent.baseUrl}/resume/{threadId}/{runId}`;
  return toolTab(runtimes, { url: agent.url, storage, locks: lockManager().tab().locks, device: id, resume });
}

/** What a transcript shows of each message. */
const transcript = (r: ThreadRuntime) =>
  r.client.state.messages.map((m: Message) => ({
    id: m.id,
    role: m.role,
    content: m.content ?? null,
    calls: m.role === "assistant" ? (m.toolCalls ?? []).map((c) => c.function) : null,
  }));
const lastText = (r: ThreadRuntime) => String(r.client.state.messages.at(-1)?.content ?? "");

/** Thread t1 once its owner has saved it mid-run with where its stream is (its saves are debounced). */
async function savedMidRun(storage: ThreadStorage): Promise<StoredThread | null> {
  let stored = await storage.load("t1");
  for (let i = 0; i < 500 && !stored?.resumePoint; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    stored = await storage.load("t1");
  }
  return stored;
}

/** Device A sends; its run is held after the tool call's first arguments, and saved mid-run. */
async function runningOnA() {
  const agent = await startMockAgent({ tokenDelayMs: 1 });
  agents.push(agent);
  const callHeld = agent.hold({ type: "TOOL_CALL_ARGS" });
  // The follow-up run (after the tool's result), held after its second word.
  const followUpHeld = agent.hold({ type: "TEXT_MESSAGE_CONTENT", count: 2 });
  const storage = memoryStorage();
  const a = device(agent, storage, "device-a");
  await until(a.kept);
  void a.r.client.sendMessage("make the background teal");
  await callHeld.reached;
  const stored = await savedMidRun(storage);
  // A's save mid-run says where its stream is, and that the run is device A's.
  expect(stored?.runningSince).toBeDefined();
  expect(stored?.resumePoint?.device).toBe("device-a");
  const joins = () => agent.requests.filter((q) => q.method === "GET" && q.path.startsWith("/resume/"));
  const runs = () => agent.requests.filter((q) => q.method === "POST" && q.path !== "/threads" && !q.path.startsWith("/threads/"));
  return { agent, storage, a, callHeld, followUpHeld, joins, runs };
}

describe("another device watches a run live, read-only", () => {
  it("joins the owner's stream and its follow-up, runs nothing, and ends with the owner's transcript", async () => {
    const { agent, storage, a, callHeld, followUpHeld, joins, runs } = await runningOnA();
    const b = device(agent, storage, "device-b");
    // B follows A's run and shows it live: the tool call streamed so far, through the join endpoint.
    await until(() => b.r.client.state.following && b.r.client.state.status === "running");
    await until(() => b.r.client.state.messages.some((m) => m.role === "assistant" && (m.toolCalls?.length ?? 0) > 0));
    expect(joins()).toHaveLength(1);
    expect(joins()[0]!.headers["last-event-id"]).toBeTruthy();
    expect(a.r.client.state.following).toBe(false);

    callHeld.release();
    // A runs the tool and its follow-up; B joins that run too, live.
    await followUpHeld.reached;
    await until(() => joins().length === 2 && lastText(b.r).startsWith("Done!"), 10_000);
    expect(b.r.client.state.following).toBe(true);

    followUpHeld.release();
    await until(() => lastText(a.r).endsWith("teal.") && a.r.client.state.status === "idle");
    await until(() => !b.r.client.state.following && b.r.client.state.status === "idle", 10_000);
    expect(transcript(b.r)).toEqual(transcript(a.r));
    expect(a.ran).toEqual(["teal"]);
    expect(b.ran).toEqual([]);
    // A's run and its one follow-up; B only joined (GET), never POSTed a run.
    expect(runs().map((q) => q.headers["last-event-id"] ?? null)).toEqual([null, null]);
    expect(b.r.client.state.error).toBeNull();
  });

  it("a message sent while watching waits in the outbox, and goes from this device once the run is over", async () => {
    const { agent, storage, a, callHeld, followUpHeld, runs } = await runningOnA();
    const b = device(agent, storage, "device-b");
    await until(() => b.r.client.state.following && b.r.client.state.status === "running");
    void b.r.client.sendMessage("hello from B");
    expect(b.r.client.state.outbox.map((i) => i.state)).toEqual(["queued"]);
    callHeld.release();
    followUpHeld.release();
    await until(() => lastText(a.r).endsWith("teal.") && a.r.client.state.status === "idle");
    await until(() => runs().length === 3 && b.r.client.state.status === "idle" && !b.r.client.runPending, 10_000);
    const lastAsked = (runs().at(-1)!.body as { messages: Message[] }).messages.filter((m) => m.role === "user").at(-1);
    expect(lastAsked?.content).toBe("hello from B");
    expect(b.r.client.state.outbox).toEqual([]);
    expect(b.ran).toEqual([]);
  });
});

describe("the owner device gone mid-run", () => {
  it("once the stored thread stops changing for the window, the watcher takes the thread: the run it saw end whole is saved as its own", async () => {
    const agent = await startMockAgent({ tokenDelayMs: 1 });
    agents.push(agent);
    const held = agent.hold({ type: "TEXT_MESSAGE_CONTENT", count: 3 });
    const shared = memoryStorage();
    // Device A writes until it goes away (its saves stop; the server's run goes on).
    let gone = false;
    const storage: ThreadStorage = { ...shared, save: (change) => (gone ? Promise.resolve() : shared.save(change)) };
    const a = device(agent, storage, "device-a");
    await until(a.kept);
    void a.r.client.sendMessage("tell me a story");
    await held.reached;
    const stored = await savedMidRun(shared);
    gone = true;

    // Device B, watching with a short window (the default is two minutes).
    const client = new AgentClient({
      url: agent.url,
      resume: `${agent.baseUrl}/resume/{threadId}/{runId}`,
      threadId: "t1",
      schedule: sync,
    });
    const session: Session = { client, controller: new AbortController(), persistence: null, stored: true };
    const kept: (StoredThread | null)[] = [];
    const watching = watchOtherDevice(
      session,
      stored!,
      {
        load: () => shared.load("t1"),
        keep: (loaded, reportsRun) => {
          kept.push(loaded);
          session.persistence = persistThread(client, shared, { loaded, reportsRun, debounceMs: 10, device: "device-b" });
        },
      },
      { device: "device-b", windowMs: 4_000, pauses: [50] },
    );
    await until(() => client.state.following && client.state.status === "running");
    held.release();
    await watching;
    expect(client.state.following).toBe(false);
    expect(client.state.error).toBeNull();
    const story = lastText(a.r);
    expect(story).toMatch(/work together\.$/);
    expect(String(client.state.messages.at(-1)?.content)).toBe(story);
    // B's copy (the whole reply) is the stored one now, the run no longer marked as going on.
    expect(kept).toEqual([null]);
    await session.persistence?.flush();
    const after = await shared.load("t1");
    expect(after?.runningSince).toBeUndefined();
    expect(String(after?.messages.at(-1)?.content)).toBe(story);
    session.controller.abort();
    client.dispose();
  });
});

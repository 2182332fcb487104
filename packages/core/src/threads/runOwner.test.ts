import { type MockAgent, startMockAgent } from "@tandem/mock-agent";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AgentClient } from "../run/agentClient.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import type { ThreadStorage } from "../storage/types.js";
import { sync, until } from "../test/scripts.js";
import { toolTab } from "../test/toolTab.js";
import "../test/warmPipeline.js";
import { lockManager } from "../test/webLocks.js";
import { type RunLocks, RunOwner } from "./runOwner.js";
import type { ThreadRuntime } from "./threadRuntime.js";

describe("RunOwner", () => {
  it("a tab cannot take a lock another holds, waits for it, and gets it once the holder's last save is written", async () => {
    const manager = lockManager();
    const saved: string[] = [];
    const a = new RunOwner("run", manager.tab().locks, async () => {
      saved.push("a's last save");
    });
    const b = new RunOwner("run", manager.tab().locks);
    expect(await a.acquire()).toBe(true);
    expect(a.holding).toBe(true);
    expect(await b.tryAcquire()).toBe(false);
    let got = false;
    const waiting = b.acquire().then((held) => {
      got = held;
      expect(saved).toEqual(["a's last save"]);
    });
    await Promise.resolve();
    expect(got).toBe(false);
    a.release();
    await waiting;
    expect(got).toBe(true);
    expect(b.holding).toBe(true);
    expect(a.holding).toBe(false);
  });

  it("a tab that goes away lets the lock go; one that leaves the thread stops waiting for it", async () => {
    const manager = lockManager();
    const tabA = manager.tab();
    const a = new RunOwner("run", tabA.locks);
    const b = new RunOwner("run", manager.tab().locks);
    const c = new RunOwner("run", manager.tab().locks);
    await a.acquire();
    const cWaits = c.acquire();
    c.dispose();
    expect(await cWaits).toBe(false);
    const bWaits = b.acquire();
    tabA.close();
    expect(await bWaits).toBe(true);
    expect(manager.holder("run")).toBe(2);
  });

  it("without Web Locks every tab owns its runs at once (one owner assumed)", async () => {
    const a = new RunOwner("run", undefined);
    expect(a.checked).toBe(false);
    expect(a.holding).toBe(true);
    expect(await a.tryAcquire()).toBe(true);
    expect(await a.acquire()).toBe(true);
  });
});

let agents: MockAgent[] = [];
let runtimes: ThreadRuntime[] = [];
afterEach(async () => {
  for (const r of runtimes) r.dispose();
  runtimes = [];
  await Promise.all(agents.map((a) => a.close()));
  agents = [];
});

/** A storage a tab writes to until `cut()` (the tab went away: it writes nothing more). */
function cuttable(storage: ThreadStorage) {
  let cut = false;
  return {
    storage: { ...storage, save: (change: Parameters<ThreadStorage["save"]>[0]) => (cut ? Promise.resolve() : storage.save(change)) },
    cut: () => {
      cut = true;
    },
  };
}

/** A tab: a runtime on thread `threadId` whose client offers change_background, counting the handler's runs. */
const tab = (url: string, storage: ThreadStorage, locks: RunLocks | undefined, threadId = "t1") =>
  toolTab(runtimes, { url, storage, locks, threadId });

/** Tab A sends; the agent's reply is held right after the tool call's first arguments, saved mid-run. */
async function ownerMidRun() {
  const agent = await startMockAgent({ tokenDelayMs: 1 });
  agents.push(agent);
  const hold = agent.hold({ type: "TOOL_CALL_ARGS" });
  const storage = memoryStorage();
  const manager = lockManager();
  const lockA = manager.tab();
  const storageA = cuttable(storage);
  const a = tab(agent.url, storageA.storage, lockA.locks);
  await until(a.kept);
  void a.r.client.sendMessage("make the background teal");
  await hold.reached;
  await until(() => a.r.client.resumePoint !== null);
  // A's save with the run going on (and where its stream is).
  let savedMidRun = false;
  for (let i = 0; i < 200 && !savedMidRun; i++) {
    const stored = await storage.load("t1");
    savedMidRun = Boolean(stored?.runningSince && stored.resumePoint);
    if (!savedMidRun) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(savedMidRun).toBe(true);
  const runs = () => agent.requests.filter((q) => q.method === "POST" && !q.headers["last-event-id"]);
  const readOns = () => agent.requests.filter((q) => q.headers["last-event-id"]);
  return { agent, hold, storage, manager, lockA, storageA, a, runs, readOns };
}

const lastText = (r: ThreadRuntime) => String(r.client.state.messages.at(-1)?.content ?? "");

describe("one owner per run across tabs", () => {
  it("a tab that opens a thread whose run another tab owns follows it: the tool runs once, in the owner, one follow-up run", async () => {
    const { hold, storage, manager, a, runs, readOns } = await ownerMidRun();
    const b = tab(agents[0]!.url, storage, manager.tab().locks);
    await until(() => b.r.client.state.following);
    expect(b.r.client.state.status).not.toBe("running");
    expect(b.r.client.state.messages.some((m) => m.role === "assistant" && m.toolCalls?.length)).toBe(true);
    expect(a.r.client.state.following).toBe(false);

    hold.release();
    await until(() => lastText(a.r).startsWith("Done!") && a.r.client.state.status === "idle");
    await until(() => lastText(b.r).startsWith("Done!") && !b.r.client.state.following);
    expect(a.ran).toEqual(["teal"]);
    expect(b.ran).toEqual([]);
    expect(runs()).toHaveLength(2);
    expect(readOns()).toHaveLength(0);
    expect(b.r.client.state.error).toBeNull();
  });

  it("a tab already showing the thread follows the run another tab starts, and runs nothing", async () => {
    const agent = await startMockAgent({ tokenDelayMs: 1 });
    agents.push(agent);
    const hold = agent.hold({ type: "TOOL_CALL_ARGS" });
    const storage = memoryStorage();
    const manager = lockManager();
    const a = tab(agent.url, storage, manager.tab().locks);
    const b = tab(agent.url, storage, manager.tab().locks);
    await until(a.kept);
    await until(b.kept);
    void a.r.client.sendMessage("make the background teal");
    await hold.reached;
    await until(() => b.r.client.state.following);
    hold.release();
    await until(() => lastText(a.r).startsWith("Done!") && a.r.client.state.status === "idle");
    await until(() => lastText(b.r).startsWith("Done!") && !b.r.client.state.following);
    expect(a.ran).toEqual(["teal"]);
    expect(b.ran).toEqual([]);
    expect(agent.requests.filter((q) => q.method === "POST")).toHaveLength(2);
  });

  it("a message sent while the tab asks whether another tab's run goes on is kept, and goes after that run", async () => {
    const agent = await startMockAgent({ tokenDelayMs: 1 });
    agents.push(agent);
    const hold = agent.hold({ type: "TOOL_CALL_ARGS" });
    const storage = memoryStorage();
    const manager = lockManager();
    const a = tab(agent.url, storage, manager.tab().locks);
    // Tab B: its user sends a message just as B asks for the run's lock on hearing A's save.
    const bLocks = manager.tab().locks;
    let sendNow: (() => void) | null = null;
    const b = tab(agent.url, storage, {
      request: (name, options, callback) => {
        if (options.ifAvailable && sendNow) {
          sendNow();
          sendNow = null;
        }
        return bLocks.request(name, options, callback);
      },
    });
    await until(a.kept);
    await until(b.kept);
    // B asks on hearing A's first save of its run.
    sendNow = () => void b.r.client.sendMessage("hello from B");
    void a.r.client.sendMessage("make the background teal");
    await until(() => sendNow === null, 30_000);
    await hold.reached;
    hold.release();
    const asked = () =>
      agent.requests
        .filter((q) => q.method === "POST")
        .map(
          (q) => (q.body as { messages: { role: string; content?: unknown }[] }).messages.filter((m) => m.role === "user").at(-1)?.content,
        );
    // Hang guards for two runs one after the other on a busy machine, not time slots.
    await until(() => asked().includes("hello from B") && b.r.client.state.status === "idle" && !b.r.client.runPending, 30_000);
    await until(() => a.r.client.state.status === "idle", 30_000);
    // B's run carried its message, once; B shows it.
    expect(asked().filter((q) => q === "hello from B")).toHaveLength(1);
    expect(b.r.client.state.messages.filter((m) => m.content === "hello from B")).toHaveLength(1);
    expect(a.ran).toEqual(["teal"]);
    expect(b.ran).toEqual([]);
  });

  it("the owner gone mid-run: the following tab takes the run over, reads it on, and runs the tool once", async () => {
    const { hold, storage, manager, lockA, storageA, a, runs, readOns } = await ownerMidRun();
    const b = tab(agents[0]!.url, storage, manager.tab().locks);
    await until(() => b.r.client.state.following);

    // Tab A goes away: it writes nothing more, its stream is cut, and the browser lets its lock go.
    storageA.cut();
    a.r.dispose();
    lockA.close();
    await until(() => !b.r.client.state.following && b.r.client.state.status === "running");
    hold.release();
    await until(() => lastText(b.r).startsWith("Done!") && b.r.client.state.status === "idle");
    expect(b.ran).toEqual(["teal"]);
    expect(a.ran).toEqual([]);
    expect(runs()).toHaveLength(2);
    expect(readOns()).toHaveLength(1);
    expect(b.r.client.state.error).toBeNull();
  });
});

/** Which of the tab's listed threads run, by id. */
const runningIn = (r: ThreadRuntime) => Object.fromEntries(r.state.threads.map((t) => [t.id, t.running]));

/** A storage holding thread "t0", one that nobody runs. */
async function storageWithThread(): Promise<ThreadStorage> {
  const storage = memoryStorage();
  await storage.save({
    thread: { id: "t0", title: "Earlier", createdAt: 1, updatedAt: 1, state: {}, interrupts: [], toolCallStatus: {} },
    order: ["q"],
    put: [{ id: "q", role: "user", content: "Earlier" }],
    remove: [],
  });
  return storage;
}

/**
 * Tab A on t1 and tab B on t0, one storage and one browser's locks (`withLocks` false: no Web Locks
 * at all, and A alone); A sends, and the reply is held after its first text.
 */
async function runHeldInA(withLocks = true) {
  const agent = await startMockAgent({ tokenDelayMs: 1 });
  agents.push(agent);
  const held = agent.hold({ type: "TEXT_MESSAGE_CONTENT" });
  const storage = await storageWithThread();
  const manager = lockManager();
  const lockA = manager.tab();
  const a = tab(agent.url, storage, withLocks ? lockA.locks : undefined).r;
  const b = withLocks ? tab(agent.url, storage, manager.tab().locks, "t0").r : a;
  await until(() => a.state.loaded && b.state.loaded);
  void a.client.sendMessage("hello");
  await held.reached;
  return { held, storage, lockA, a, b };
}

describe("a thread list says which threads run, in every tab", () => {
  it("the thread tab A runs is running in A's list and in B's (on another thread), the others not; both say it ended", async () => {
    const { held, storage, a, b } = await runHeldInA();
    await until(() => runningIn(a).t1 === true && runningIn(b).t1 === true);
    expect(runningIn(a)).toEqual({ t1: true, t0: false });
    expect(runningIn(b)).toEqual({ t1: true, t0: false });
    held.release();
    await until(() => a.client.state.status === "idle");
    await until(() => runningIn(a).t1 === false && runningIn(b).t1 === false);
    // Never stored: the storage lists no such field.
    expect((await storage.list()).every((t) => !("running" in t))).toBe(true);
  });

  it("tab A closed mid-run: B's list says the thread no longer runs", async () => {
    const { held, lockA, b } = await runHeldInA();
    await until(() => runningIn(b).t1 === true);
    // A goes away: the browser lets its locks go.
    lockA.close();
    await until(() => runningIn(b).t1 === false);
    expect(runningIn(b).t0).toBe(false);
    held.release();
  });

  it("without Web Locks this tab's own run is listed as running, and not once it ends", async () => {
    const { held, a } = await runHeldInA(false);
    await until(() => runningIn(a).t1 === true);
    expect(runningIn(a).t0).toBe(false);
    held.release();
    await until(() => runningIn(a).t1 === false);
  });
});

describe("a client that follows another tab's run", () => {
  it("executes nothing: a pending call is not run, an answer is refused, a message waits until the run ends", async () => {
    const agent = await startMockAgent({ tokenDelayMs: 1 });
    agents.push(agent);
    const client = new AgentClient({ url: agent.url, threadId: "t2", schedule: sync });
    const ran: string[] = [];
    client.registerTool({
      name: "change_background",
      description: "Change the background.",
      parameters: { type: "object", properties: { background: { type: "string" } } },
      handler: () => {
        ran.push("ran");
        return { status: "changed" };
      },
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    client.follow(true);
    client.restore(
      {
        messages: [
          { id: "u1", role: "user", content: "make it teal" },
          {
            id: "a1",
            role: "assistant",
            toolCalls: [{ id: "c1", type: "function", function: { name: "change_background", arguments: '{"background":"teal"}' } }],
          },
        ],
        state: {},
        interrupts: [],
        toolCallStatus: { c1: "executing" },
      },
      { replace: true },
    );
    expect(client.state.following).toBe(true);
    client.respond("c1", { status: "changed" });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("another tab or device runs this thread"));
    await client.regenerate();
    const sent = client.sendMessage("hello");
    expect(client.state.outbox.map((i) => i.state)).toEqual(["queued"]);
    // Nothing was queued to run: no handler, no request.
    expect(client.runPending).toBe(false);
    expect(ran).toEqual([]);
    expect(agent.requests.filter((q) => q.method === "POST")).toHaveLength(0);

    // The run it followed ended: the message goes.
    client.follow(false);
    await sent;
    expect(agent.requests.filter((q) => q.method === "POST")).toHaveLength(1);
    expect(client.state.outbox).toEqual([]);
    warn.mockRestore();
    client.dispose();
  });
});

import "fake-indexeddb/auto";
import type { Message } from "@ag-ui/core";
import { describe, expect, it, vi } from "vitest";
import { AgentClient } from "../run/agentClient.js";
import { ThreadRuntime } from "../threads/threadRuntime.js";
import { indexedDbStorage } from "./indexedDbStorage.js";
import type { ThreadChange, ThreadStorage } from "./types.js";

let n = 0;
const fresh = () => `test-${++n}-${Math.random()}`;
const user = (id: string, content: string): Message => ({ id, role: "user", content });
const change = (id: string, order: string[], put: Message[], extra: Partial<ThreadChange> = {}): ThreadChange => ({
  thread: { id, title: "T", createdAt: 1, updatedAt: Date.now(), state: { n: 1 }, interrupts: [], toolCallStatus: {} },
  order,
  put,
  remove: [],
  ...extra,
});

const runtime = (storage: ThreadStorage, threadId?: string) =>
  new ThreadRuntime({
    storage,
    ...(threadId && { threadId }),
    createClient: (id) => new AgentClient({ url: "http://127.0.0.1:9/", threadId: id }),
    remember: { get: () => null, set: () => {} },
  });

describe("indexedDbStorage", () => {
  it("keeps a thread across opens, messages in order, state and statuses", async () => {
    const name = fresh();
    await indexedDbStorage({ name }).save(change("t1", ["a", "b"], [user("a", "one"), user("b", "two")]));
    const reopened = indexedDbStorage({ name });
    expect(await reopened.load("t1")).toMatchObject({ id: "t1", title: "T", state: { n: 1 }, messages: [{ id: "a" }, { id: "b" }] });
    expect((await reopened.list()).map((t) => t.id)).toEqual(["t1"]);
    expect(await reopened.load("nope")).toBeNull();
  });

  it("merges two writers' saves of one thread as a tree: turns added at once become versions", async () => {
    const name = fresh();
    const tabA = indexedDbStorage({ name });
    const tabB = indexedDbStorage({ name });
    await tabA.save(change("t1", ["q"], [user("q", "shared")]));
    await tabA.save(change("t1", ["q", "a1"], [user("a1", "from A")]));
    await tabB.save(change("t1", ["q", "b1"], [user("b1", "from B")]));
    const stored = await tabA.load("t1");
    // The later writer's turn is shown; the earlier one is a version of the same turn, not put before it.
    expect(stored?.messages.map((m) => m.id)).toEqual(["q", "b1"]);
    expect(stored?.branches?.q?.versions.map((v) => v.map((m) => m.id))).toEqual([["a1"], []]);
  });

  it("a save from a tab with no run of its own (keepRun) leaves another tab's run marked; that run's end clears it", async () => {
    const name = fresh();
    const owner = indexedDbStorage({ name });
    const other = indexedDbStorage({ name });
    const point = { runId: "r1", firstEventId: "1", lastEventId: "5", at: 1 };
    const running = change("t1", ["q"], [user("q", "hi")]);
    await owner.save({ ...running, thread: { ...running.thread, runningSince: ["q"], resumePoint: point } });
    const queued = change("t1", ["q"], []);
    await other.save({
      ...queued,
      thread: { ...queued.thread, outbox: [{ id: "o1", content: "later", state: "waiting" }] },
      keepRun: true,
    });
    expect(await other.load("t1")).toMatchObject({ runningSince: ["q"], resumePoint: point, outbox: [{ id: "o1" }] });
    await owner.save(change("t1", ["q"], []));
    const ended = await other.load("t1");
    expect(ended?.runningSince).toBeUndefined();
    expect(ended?.resumePoint).toBeUndefined();
  });

  it("tells other tabs when a thread changes", async () => {
    const name = fresh();
    const tabA = indexedDbStorage({ name });
    const tabB = indexedDbStorage({ name });
    const heard = vi.fn();
    const stop = tabB.watch!(heard);
    await tabA.save(change("t1", ["q"], [user("q", "hi")]));
    await vi.waitFor(() => expect(heard).toHaveBeenCalledWith("t1"));
    stop();
  });

  it("removes a thread with its messages", async () => {
    const storage = indexedDbStorage({ name: fresh() });
    await storage.save(change("t1", ["q"], [user("q", "hi")]));
    await storage.remove("t1");
    expect(await storage.load("t1")).toBeNull();
    expect(await storage.list()).toEqual([]);
  });

  it("a removed thread stays removed: a late save from this tab or another does not bring it back", async () => {
    const name = fresh();
    const tabA = indexedDbStorage({ name });
    const tabB = indexedDbStorage({ name });
    await tabA.save(change("t1", ["q"], [user("q", "hi")]));
    await tabA.remove("t1");
    await tabA.save(change("t1", ["q", "a"], [user("a", "late reply")]));
    await tabB.save(change("t1", ["q"], [user("q", "hi")]));
    expect(await tabA.load("t1")).toBeNull();
    expect(await tabB.list()).toEqual([]);
  });

  it("a connection the browser closes (another tab deletes or upgrades the database) is opened again by the next save", async () => {
    const name = fresh();
    const storage = indexedDbStorage({ name });
    await storage.save(change("t1", ["q"], [user("q", "hi")]));
    // Another tab deletes the database: our connection is asked to close, and must, or this never ends.
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
    });
    await storage.save(change("t2", ["x"], [user("x", "after")]));
    expect((await storage.load("t2"))?.messages.map((m) => m.content)).toEqual(["after"]);
  });

  it("dispose closes the channel to other tabs and the database", async () => {
    const name = fresh();
    const tabA = indexedDbStorage({ name });
    const tabB = indexedDbStorage({ name });
    const heard = vi.fn();
    tabB.watch!(heard);
    await tabB.save(change("t0", ["q"], [user("q", "hi")]));
    tabB.dispose!();
    await tabA.save(change("t1", ["q"], [user("q", "hi")]));
    // Deleting the database is not blocked by the disposed tab's connection.
    await new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = () => resolve();
      request.onblocked = () => undefined;
    });
    expect(heard).not.toHaveBeenCalled();
  });

  it("a corrupt or foreign record is reported, not thrown, and the thread starts empty", async () => {
    const name = fresh();
    const storage = indexedDbStorage({ name });
    await storage.save(change("t1", ["q"], [user("q", "hi")]));
    // Another app (or a bug) wrote something else under the same key.
    const { openDB } = await import("idb");
    const db = await openDB(name);
    await db.put("threads", { id: "t1", order: "not a list" });
    db.close();
    const manager = runtime(storage, "t1");
    expect(await manager.load("t1")).toBeNull();
    expect(manager.state.storage).toMatchObject({ kind: "failed", message: expect.stringMatching(/could not be saved|shape/) });
  });

  it("where IndexedDB is unavailable, says so plainly", async () => {
    const original = globalThis.indexedDB;
    // @ts-expect-error -- private browsing in some browsers, or a server
    delete globalThis.indexedDB;
    try {
      const manager = runtime(indexedDbStorage({ name: fresh() }));
      await manager.refresh();
      expect(manager.state.storage).toMatchObject({ kind: "failed", message: expect.stringMatching(/does not let Tandem save chats/) });
    } finally {
      globalThis.indexedDB = original;
    }
  });
});

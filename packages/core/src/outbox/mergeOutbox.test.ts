import type { Message } from "@ag-ui/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { memoryStorage } from "../storage/memoryStorage.js";
import { restoredState } from "../storage/restoredState.js";
import type { StoredThread, ThreadStorage } from "../storage/types.js";
import { checkOutboxRemoved } from "../threads/checkStoredThread.js";
import type { OutboxItem, ThreadState } from "../types.js";
import { MAX_OUTBOX_REMOVED, mergeOutbox } from "./mergeOutbox.js";

const item = (id: string, state: OutboxItem["state"] = "queued"): OutboxItem => ({ id, content: id, state });
const ids = (items: readonly OutboxItem[] | undefined) => (items ?? []).map((i) => i.id);
const never = () => false;

describe("mergeOutbox", () => {
  it("keeps every item either copy holds, in the order they were queued", () => {
    const merged = mergeOutbox({ outbox: [item("a"), item("b"), item("c")] }, { outbox: [item("a"), item("x"), item("c")] }, never);
    expect(ids(merged.outbox)).toEqual(["a", "b", "x", "c"]);
    // An item the older copy held before all the newer's (queued first elsewhere) stays first.
    expect(ids(mergeOutbox({ outbox: [item("a")] }, { outbox: [item("y")] }, never).outbox)).toEqual(["a", "y"]);
  });

  it("takes the newer copy's state of an item both hold", () => {
    const merged = mergeOutbox({ outbox: [item("a", "queued")] }, { outbox: [item("a", "held")] }, never);
    expect(merged.outbox).toEqual([item("a", "held")]);
  });

  it("drops an item removed in either copy or already sent, and keeps the removed ids (the latest ones)", () => {
    const merged = mergeOutbox(
      { outbox: [item("a"), item("b"), item("c")], outboxRemoved: ["b"] },
      { outbox: [item("a"), item("b"), item("c")], outboxRemoved: ["a"] },
      (id) => id === "c",
    );
    expect(merged).toEqual({ outbox: [], outboxRemoved: ["b", "a"] });
    const many = Array.from({ length: 150 }, (_, i) => `r${i}`);
    const bounded = mergeOutbox({ outboxRemoved: many.slice(0, 100) }, { outboxRemoved: many.slice(100) }, never);
    expect(bounded.outboxRemoved).toEqual(many.slice(-MAX_OUTBOX_REMOVED));
  });

  it("reads hostile stored values as nothing", () => {
    const hostile = { outbox: [null, 3, { id: 7 }, item("a")], outboxRemoved: "b" } as unknown as StoredThread;
    expect(mergeOutbox(hostile, { outbox: [item("x")] }, never)).toEqual({ outbox: [item("a"), item("x")], outboxRemoved: [] });
  });
});

describe("checkOutboxRemoved", () => {
  it("keeps distinct ids of a sane length, the latest 100, and drops anything else", () => {
    expect(checkOutboxRemoved({ 0: "a" })).toBeUndefined();
    expect(checkOutboxRemoved([1, null, {}, "", "x".repeat(501)])).toBeUndefined();
    expect(checkOutboxRemoved(["a", 1, "b", "a"])).toEqual(["b", "a"]);
    const many = Array.from({ length: 100_000 }, (_, i) => (i % 2 ? `r${i}` : { evil: i }));
    const kept = checkOutboxRemoved(many);
    expect(kept).toHaveLength(MAX_OUTBOX_REMOVED);
    expect(kept?.at(-1)).toBe("r99999");
  });
});

/**
 * Two tabs on one storage, as `persistThread`, the outbox claim and `ThreadKeeper.heard` use it:
 * each keeps its own thread, saves what changed, sends the first item it holds (reading the
 * store first, as the claim does), takes a sent message back when the connection is refused, and
 * follows the stored copy when it has nothing unsaved.
 */
function twoTabs(storage: ThreadStorage) {
  let next = 0;
  const removed = new Set<string>();
  const sent = new Set<string>();
  const queued: string[] = [];
  const tab = () => ({
    messages: [] as Message[],
    outbox: [] as OutboxItem[],
    removedIds: [] as string[],
    written: new Map<string, Message>(),
    delivered: new Set<string>(),
    dirty: false,
  });
  type Tab = ReturnType<typeof tab>;
  const tabs = [tab(), tab()] as const;
  const save = async (t: Tab) => {
    const order = t.messages.map((m) => m.id);
    const put = t.messages.filter((m) => t.written.get(m.id) !== m);
    const remove = [...t.written.keys()].filter((id) => !order.includes(id));
    await storage.save({
      thread: {
        id: "t",
        title: "",
        createdAt: 1,
        updatedAt: 1,
        state: null,
        interrupts: [],
        toolCallStatus: {},
        ...(t.outbox.length > 0 && { outbox: t.outbox }),
        ...(t.removedIds.length > 0 && { outboxRemoved: [...t.removedIds] }),
      },
      order,
      put,
      remove,
    });
    for (const m of put) t.written.set(m.id, m);
    for (const id of remove) t.written.delete(id);
    t.dirty = false;
  };
  const ops = {
    add(t: Tab) {
      const id = `m${next++}`;
      queued.push(id);
      t.outbox = [...t.outbox, item(id)];
      t.dirty = true;
    },
    remove(t: Tab, k: number) {
      const gone = t.outbox[k % Math.max(1, t.outbox.length)];
      if (!gone) return;
      removed.add(gone.id);
      t.removedIds.push(gone.id);
      t.outbox = t.outbox.filter((i) => i !== gone);
      t.dirty = true;
    },
    async send(t: Tab) {
      const first = t.outbox[0];
      if (!first) return;
      await save(t);
      const stored = await storage.load("t");
      if (stored?.messages.some((m) => m.id === first.id) || stored?.outboxRemoved?.includes(first.id)) {
        t.outbox = t.outbox.filter((i) => i.id !== first.id);
        return;
      }
      sent.add(first.id);
      t.delivered.add(first.id);
      t.messages = [...t.messages, { id: first.id, role: "user", content: String(first.content) }];
      t.outbox = t.outbox.filter((i) => i.id !== first.id);
      await save(t);
    },
    /** The connection was refused before the agent answered: the last message sent here goes back to the outbox. */
    async refuse(t: Tab) {
      const last = t.messages.at(-1);
      if (!last || !t.delivered.has(last.id)) return;
      sent.delete(last.id);
      t.messages = t.messages.slice(0, -1);
      t.outbox = [{ ...item(last.id), state: "unreachable" }, ...t.outbox];
      await save(t);
    },
    save,
    async hear(t: Tab) {
      if (t.dirty) return;
      const stored = await storage.load("t");
      if (!stored) return;
      const shown = restoredState(
        { messages: t.messages, outbox: t.outbox, branches: {}, feedback: {} } as unknown as ThreadState,
        stored,
        "follow",
      );
      t.messages = shown.messages;
      t.outbox = shown.outbox;
      t.written = new Map(stored.messages.map((m) => [m.id, m]));
    },
  };
  return { tabs, ops, removed, sent, queued };
}

type Op = { tab: 0 | 1; kind: "add" | "remove" | "send" | "refuse" | "save" | "hear"; k: number };
const op: fc.Arbitrary<Op> = fc.record({
  tab: fc.constantFrom(0 as const, 1 as const),
  kind: fc.constantFrom("add", "add", "remove", "send", "refuse", "save", "save", "hear", "hear"),
  k: fc.nat(5),
});

describe("the stored outbox across tabs", () => {
  it("loses no message that was neither sent nor removed, brings no removed one back, and keeps each tab's order", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 30 }), async (steps) => {
        const storage = memoryStorage();
        const { tabs, ops, removed, sent, queued } = twoTabs(storage);
        const queuedBy = [new Set<string>(), new Set<string>()];
        for (const step of steps) {
          const t = tabs[step.tab];
          if (step.kind === "add") queuedBy[step.tab]!.add(`m${queued.length}`);
          if (step.kind === "remove") ops.remove(t, step.k);
          else await ops[step.kind](t);
        }
        // Both tabs write what they hold, then show the stored copy.
        for (const t of tabs) await ops.save(t);
        for (const t of tabs) await ops.hear(t);
        const stored = (await storage.load("t")) as StoredThread;
        const live = queued.filter((id) => !sent.has(id) && !removed.has(id));
        expect(ids(stored.outbox).sort()).toEqual(live.sort());
        for (const t of tabs) expect(ids(t.outbox).sort()).toEqual(live.sort());
        // The messages one tab queued go out in the order it queued them.
        for (const own of queuedBy) {
          const order = ids(stored.outbox).filter((id) => own.has(id));
          expect(order).toEqual([...order].sort((a, b) => queued.indexOf(a) - queued.indexOf(b)));
        }
        // A message sent is in the thread (turns two tabs sent unaware of each other are versions), never in the outbox too.
        const inThread = new Set(stored.messages.map((m) => m.id));
        for (const point of Object.values(stored.branches ?? {})) for (const v of point.versions) for (const m of v) inThread.add(m.id);
        for (const id of sent) expect(inThread).toContain(id);
      }),
      { numRuns: Number(process.env.RUNS ?? 300) },
    );
  });

  it("keeps a message queued in one tab when another tab that never saw it saves", async () => {
    const storage = memoryStorage();
    const { tabs, ops } = twoTabs(storage);
    ops.add(tabs[0]);
    await ops.save(tabs[0]);
    ops.add(tabs[1]);
    await ops.save(tabs[1]);
    expect(ids((await storage.load("t"))?.outbox)).toEqual(["m0", "m1"]);
  });
});

import type { Message } from "@ag-ui/core";
import { mergeFeedback, withFeedback } from "../feedback/mergeFeedback.js";
import { mergeDecisions } from "../interrupts/decisions.js";
import { mergeOutbox, sentIds, withOutbox } from "../outbox/mergeOutbox.js";
import { mergeRun } from "./mergeRun.js";
import { mergeThread } from "./mergeThread.js";
import type { StoredThread, ThreadChange, ThreadStorage, ThreadSummary } from "./types.js";

type Record = Omit<StoredThread, "messages"> & { order: string[] };

/**
 * Threads kept in memory, with the same rules as the browser store (saves merged as a tree,
 * removed threads leave a tombstone that later saves cannot bring back): for tests, for
 * server-side rendering, and as the model of what an adapter must do.
 */
export function memoryStorage(): ThreadStorage {
  const threads = new Map<string, Record>();
  const messages = new Map<string, Map<string, Message>>();
  const removed = new Set<string>();
  const listeners = new Set<(id: string) => void>();
  const notify = (id: string) => {
    for (const listener of listeners) listener(id);
  };
  // One write at a time, as a transaction would: two tabs' saves never both merge into the same old copy.
  let writing: Promise<unknown> = Promise.resolve();
  const inTurn = (write: () => Promise<void>): Promise<void> => {
    const turn = writing.then(write);
    writing = turn.catch(() => undefined);
    return turn;
  };
  const saveNow = async (change: ThreadChange) => {
    const { thread } = change;
    if (removed.has(thread.id)) return;
    const stored = threads.get(thread.id);
    const byId = messages.get(thread.id) ?? new Map<string, Message>();
    const merged = await mergeThread(stored ?? null, structuredClone(change), async (id) => byId.get(id));
    const sent = await sentIds(stored, thread, merged, (id) => byId.has(id));
    for (const m of merged.put) byId.set(m.id, m);
    for (const id of merged.remove) byId.delete(id);
    threads.set(thread.id, {
      ...structuredClone(mergeRun(stored, change)),
      createdAt: stored?.createdAt ?? thread.createdAt,
      order: merged.order,
      branches: merged.branches,
      ...withFeedback(mergeFeedback(stored?.feedback, change.thread.feedback)),
      ...mergeDecisions(stored, change.thread),
      ...structuredClone(withOutbox(mergeOutbox(stored, thread, (id) => sent.has(id)))),
    });
    messages.set(thread.id, byId);
    notify(thread.id);
  };
  return {
    async list(): Promise<ThreadSummary[]> {
      return [...threads.values()]
        .map(({ id, title, createdAt, updatedAt }) => ({ id, title, createdAt, updatedAt }))
        .sort((a, b) => b.updatedAt - a.updatedAt);
    },
    async load(id) {
      const record = threads.get(id);
      if (!record) return null;
      const { order, ...thread } = record;
      const byId = messages.get(id) ?? new Map();
      return structuredClone({ ...thread, messages: order.flatMap((m) => byId.get(m) ?? []) });
    },
    save: (change: ThreadChange) => inTurn(() => saveNow(change)),
    remove: (id) =>
      inTurn(async () => {
        removed.add(id);
        threads.delete(id);
        messages.delete(id);
        notify(id);
      }),
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      listeners.clear();
    },
  };
}

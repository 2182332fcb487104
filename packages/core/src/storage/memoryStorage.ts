import type { Message } from "@ag-ui/core";
import { mergeFeedback, withFeedback } from "../feedback/mergeFeedback.js";
import { mergeDecisions } from "../interrupts/decisions.js";
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
    async save(change: ThreadChange) {
      const { thread } = change;
      if (removed.has(thread.id)) return;
      const stored = threads.get(thread.id);
      const byId = messages.get(thread.id) ?? new Map<string, Message>();
      const merged = await mergeThread(stored ?? null, structuredClone(change), async (id) => byId.get(id));
      for (const m of merged.put) byId.set(m.id, m);
      for (const id of merged.remove) byId.delete(id);
      threads.set(thread.id, {
        ...structuredClone(thread),
        createdAt: stored?.createdAt ?? thread.createdAt,
        order: merged.order,
        branches: merged.branches,
        ...withFeedback(mergeFeedback(stored?.feedback, change.thread.feedback)),
        ...mergeDecisions(stored, change.thread),
      });
      messages.set(thread.id, byId);
      notify(thread.id);
    },
    async remove(id) {
      removed.add(id);
      threads.delete(id);
      messages.delete(id);
      notify(id);
    },
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      listeners.clear();
    },
  };
}

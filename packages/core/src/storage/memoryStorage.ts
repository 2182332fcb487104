import type { Message } from "@ag-ui/core";
import { mergeOrder } from "./mergeOrder.js";
import type { StoredThread, ThreadChange, ThreadStorage, ThreadSummary } from "./types.js";

type Record = Omit<StoredThread, "messages"> & { order: string[] };

/**
 * Threads kept in memory, with the same merge rules as the browser store: for tests, for
 * server-side rendering, and as the model of what an adapter must do.
 */
export function memoryStorage(): ThreadStorage {
  const threads = new Map<string, Record>();
  const messages = new Map<string, Map<string, Message>>();
  const listeners = new Set<(id: string) => void>();
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
      const { thread, put, remove, branches } = structuredClone(change);
      const stored = threads.get(thread.id);
      const byId = messages.get(thread.id) ?? new Map<string, Message>();
      for (const m of put) byId.set(m.id, m);
      for (const id of remove) byId.delete(id);
      const order = mergeOrder(change.order, stored?.order ?? []).filter((id) => !remove.includes(id));
      threads.set(thread.id, {
        ...thread,
        createdAt: stored?.createdAt ?? thread.createdAt,
        order,
        branches: branches ?? stored?.branches ?? {},
      });
      messages.set(thread.id, byId);
      for (const listener of listeners) listener(thread.id);
    },
    async remove(id) {
      threads.delete(id);
      messages.delete(id);
      for (const listener of listeners) listener(id);
    },
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

import type { Message } from "@ag-ui/core";
import { mergeSave, type ThreadRecord } from "./mergeSave.js";
import type { ThreadChange, ThreadStorage, ThreadSummary } from "./types.js";

/**
 * Threads kept in memory, with the same rules as the browser store (saves merged as a tree,
 * removed threads leave a tombstone that later saves cannot bring back): for tests, for
 * server-side rendering, and as the model of what an adapter must do.
 */
export function memoryStorage(): ThreadStorage {
  const threads = new Map<string, ThreadRecord>();
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
    const byId = messages.get(thread.id) ?? new Map<string, Message>();
    const { record, put, remove } = await mergeSave(threads.get(thread.id), structuredClone(change), async (id) => byId.get(id));
    for (const m of put) byId.set(m.id, m);
    for (const id of remove) byId.delete(id);
    threads.set(thread.id, structuredClone(record));
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

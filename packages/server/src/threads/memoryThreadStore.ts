import { memoryStorage, type ThreadStorage } from "@tandem/core";
import type { ThreadStore } from "./threadStore.js";

/**
 * Threads in this process's memory, one `memoryStorage` (from `@tandem/core`, the model of the
 * rules) per owner: for development and tests. Nothing is kept across a restart, nor shared
 * with another instance; use `sqliteThreadStore` (`@tandem/server/sqlite`) or
 * `postgresThreadStore` for that.
 */
export function memoryThreadStore(): ThreadStore {
  const owners = new Map<string, ThreadStorage>();
  const of = (owner: string) => {
    const storage = owners.get(owner) ?? memoryStorage();
    owners.set(owner, storage);
    return storage;
  };
  // One write at a time, as a transaction would: a rename (a load, then a save) never interleaves with another save.
  let writing: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(write: () => Promise<T>): Promise<T> => {
    const turn = writing.then(write);
    writing = turn.catch(() => undefined);
    return turn;
  };
  return {
    list: async (owner, limit) => (await owners.get(owner)?.list())?.slice(0, limit) ?? [],
    load: async (owner, id) => (await owners.get(owner)?.load(id)) ?? null,
    save: (owner, change) => inTurn(() => of(owner).save(change)),
    rename: (owner, id, title, now = Date.now()) =>
      inTurn(async () => {
        const storage = owners.get(owner);
        const thread = await storage?.load(id);
        if (!storage || !thread) return false;
        const { messages, branches: _branches, ...fields } = thread;
        // A save that changes the title alone: the same path, nothing put or removed, the run's mark kept.
        const order = messages.map((m) => m.id);
        await storage.save({ thread: { ...fields, title, updatedAt: now }, order, put: [], remove: [], keepRun: true });
        return true;
      }),
    remove: (owner, id) => inTurn(() => of(owner).remove(id)),
    async close() {
      owners.clear();
    },
  };
}

import type { Message } from "@ag-ui/core";
import type { DBSchema, IDBPDatabase } from "idb";
import { mergeOrder } from "./mergeOrder.js";
import type { StoredThread, ThreadChange, ThreadStorage, ThreadSummary } from "./types.js";

type ThreadRecord = Omit<StoredThread, "messages"> & { order: string[] };

interface Schema extends DBSchema {
  threads: { key: string; value: ThreadRecord; indexes: { updatedAt: number } };
  messages: { key: [string, string]; value: { threadId: string; message: Message }; indexes: { threadId: string } };
}

export interface IndexedDbStorageOptions {
  /** The database, and the thread list: one per name (default "tandem"). */
  name?: string;
}

/**
 * Threads in the browser's IndexedDB, through `idb` (a small, well-kept promise wrapper: one
 * transaction per save, messages stored one record each so a save writes only what changed).
 * Other tabs hear about every save on a BroadcastChannel; when two tabs write one thread, the
 * later write merges the message order, so neither tab's messages are lost.
 */
export function indexedDbStorage(options: IndexedDbStorageOptions = {}): ThreadStorage {
  const name = options.name ?? "tandem";
  let db: Promise<IDBPDatabase<Schema>> | null = null;
  const open = () => {
    db ??= import("idb").then(({ openDB }) => {
      if (typeof indexedDB === "undefined")
        throw Object.assign(new Error("IndexedDB is not available here"), { name: "InvalidStateError" });
      return openDB<Schema>(name, 1, {
        upgrade(database) {
          database.createObjectStore("threads", { keyPath: "id" }).createIndex("updatedAt", "updatedAt");
          database.createObjectStore("messages", { keyPath: ["threadId", "message.id"] }).createIndex("threadId", "threadId");
        },
        blocked() {
          console.warn(`[tandem] the thread store "${name}" is blocked by another tab with an older version open`);
        },
      });
    });
    // A failed open is tried again on the next call (the user may have freed space or left private mode).
    db.catch(() => {
      db = null;
    });
    return db;
  };
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(`tandem-threads:${name}`);

  return {
    name,
    async list(): Promise<ThreadSummary[]> {
      const records = await (await open()).getAllFromIndex("threads", "updatedAt");
      return records.reverse().map(({ id, title, createdAt, updatedAt }) => ({ id, title, createdAt, updatedAt }));
    },

    async load(id) {
      const database = await open();
      const tx = database.transaction(["threads", "messages"]);
      const [record, rows] = await Promise.all([
        tx.objectStore("threads").get(id),
        tx.objectStore("messages").index("threadId").getAll(id),
      ]);
      if (!record) return null;
      const { order, ...thread } = record;
      const byId = new Map(rows.map((row) => [row.message.id, row.message]));
      const messages = order.flatMap((m) => byId.get(m) ?? []);
      return { ...thread, messages } as StoredThread;
    },

    async save(change: ThreadChange) {
      const database = await open();
      const tx = database.transaction(["threads", "messages"], "readwrite");
      const threads = tx.objectStore("threads");
      const messages = tx.objectStore("messages");
      const stored = await threads.get(change.thread.id);
      const removed = new Set(change.remove);
      const order = mergeOrder(change.order, stored?.order ?? []).filter((id) => !removed.has(id));
      await Promise.all([
        threads.put({
          ...change.thread,
          createdAt: stored?.createdAt ?? change.thread.createdAt,
          order,
          branches: change.branches ?? stored?.branches ?? {},
        }),
        ...change.put.map((message) => messages.put({ threadId: change.thread.id, message })),
        ...change.remove.map((id) => messages.delete([change.thread.id, id])),
        tx.done,
      ]);
      channel?.postMessage(change.thread.id);
    },

    async remove(id) {
      const database = await open();
      const tx = database.transaction(["threads", "messages"], "readwrite");
      const keys = await tx.objectStore("messages").index("threadId").getAllKeys(id);
      await Promise.all([tx.objectStore("threads").delete(id), ...keys.map((key) => tx.objectStore("messages").delete(key)), tx.done]);
      channel?.postMessage(id);
    },

    watch(listener) {
      if (!channel) return () => {};
      const onMessage = (event: MessageEvent) => {
        if (typeof event.data === "string") listener(event.data);
      };
      channel.addEventListener("message", onMessage);
      return () => channel.removeEventListener("message", onMessage);
    },
  };
}

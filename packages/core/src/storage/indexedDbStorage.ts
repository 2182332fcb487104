import type { Message } from "@ag-ui/core";
import type { DBSchema, IDBPDatabase } from "idb";
import { loadOnce } from "../util/loadOnce.js";
import { mergeSave, type ThreadRecord as Stored } from "./mergeSave.js";
import type { StoredThread, ThreadChange, ThreadStorage, ThreadSummary } from "./types.js";

/** idb, a chunk of its own loaded when the storage is first opened. */
const loadIdb = loadOnce(() => import("idb"));

type ThreadRecord = Stored & { removedAt?: undefined };
/** What a removed thread leaves: later saves of its id are ignored. */
type Tombstone = { id: string; updatedAt: number; removedAt: number };

interface Schema extends DBSchema {
  threads: { key: string; value: ThreadRecord | Tombstone; indexes: { updatedAt: number } };
  messages: { key: [string, string]; value: { threadId: string; message: Message }; indexes: { threadId: string } };
}

/** Options for `indexedDbStorage`. */
export interface IndexedDbStorageOptions {
  /** The database, and the thread list: one per name (default "tandem"). */
  name?: string;
}

/**
 * Threads in the browser's IndexedDB, through `idb` (a small, well-kept promise wrapper: one
 * transaction per save, messages stored one record each so a save writes only what changed).
 * Other tabs hear about every save on a BroadcastChannel; when two tabs write one thread, the
 * save is merged as a tree (`mergeThread`), so neither tab's messages are lost or reordered. A
 * removed thread leaves a tombstone. A connection the browser closes (eviction, a newer version
 * opened in another tab) is opened again by the next call.
 */
export function indexedDbStorage(options: IndexedDbStorageOptions = {}): ThreadStorage {
  const name = options.name ?? "tandem";
  let db: Promise<IDBPDatabase<Schema>> | null = null;
  const open = () => {
    if (db) return db;
    const opening = loadIdb().then(({ openDB }) => {
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
        // Another tab opens a newer version: let it, and open again on the next call.
        blocking(_current, _next, event) {
          (event.target as IDBDatabase).close();
          if (db === opening) db = null;
        },
        terminated() {
          if (db === opening) db = null;
        },
      });
    });
    db = opening;
    // A failed open is tried again on the next call (the user may have freed space or left private mode).
    opening.catch(() => {
      if (db === opening) db = null;
    });
    return opening;
  };
  /** Runs `work` on the database; a connection found closed is opened again, once. */
  const withDb = async <T>(work: (database: IDBPDatabase<Schema>) => Promise<T>): Promise<T> => {
    const opening = open();
    try {
      return await work(await opening);
    } catch (error) {
      if ((error as { name?: string }).name !== "InvalidStateError") throw error;
      if (db === opening) db = null;
      return work(await open());
    }
  };
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(`tandem-threads:${name}`);

  return {
    name,
    list: () =>
      withDb(async (database): Promise<ThreadSummary[]> => {
        const records = await database.getAllFromIndex("threads", "updatedAt");
        return records
          .reverse()
          .flatMap((r) =>
            r.removedAt === undefined ? [{ id: r.id, title: r.title, createdAt: r.createdAt, updatedAt: r.updatedAt }] : [],
          );
      }),

    load: (id) =>
      withDb(async (database) => {
        const tx = database.transaction(["threads", "messages"]);
        const [record, rows] = await Promise.all([
          tx.objectStore("threads").get(id),
          tx.objectStore("messages").index("threadId").getAll(id),
        ]);
        if (!record || record.removedAt !== undefined) return null;
        const { order, ...thread } = record;
        const byId = new Map(rows.map((row) => [row.message.id, row.message]));
        const messages = order.flatMap((m) => byId.get(m) ?? []);
        return { ...thread, messages } as StoredThread;
      }),

    save: (change: ThreadChange) =>
      withDb(async (database) => {
        const tx = database.transaction(["threads", "messages"], "readwrite");
        const threads = tx.objectStore("threads");
        const messages = tx.objectStore("messages");
        const id = change.thread.id;
        const stored = await threads.get(id);
        if (stored?.removedAt !== undefined) return tx.done;
        const { record, put, remove } = await mergeSave(stored, change, async (m) => (await messages.get([id, m]))?.message);
        await Promise.all([
          threads.put(record),
          ...put.map((message) => messages.put({ threadId: id, message })),
          ...remove.map((m) => messages.delete([id, m])),
          tx.done,
        ]);
        channel?.postMessage(id);
      }),

    remove: (id) =>
      withDb(async (database) => {
        const tx = database.transaction(["threads", "messages"], "readwrite");
        const keys = await tx.objectStore("messages").index("threadId").getAllKeys(id);
        const now = Date.now();
        await Promise.all([
          tx.objectStore("threads").put({ id, updatedAt: now, removedAt: now }),
          ...keys.map((key) => tx.objectStore("messages").delete(key)),
          tx.done,
        ]);
        channel?.postMessage(id);
      }),

    watch(listener) {
      if (!channel) return () => {};
      const onMessage = (event: MessageEvent) => {
        if (typeof event.data === "string") listener(event.data);
      };
      channel.addEventListener("message", onMessage);
      return () => channel.removeEventListener("message", onMessage);
    },

    dispose() {
      channel?.close();
      const closing = db;
      db = null;
      void closing?.then(
        (database) => database.close(),
        () => undefined,
      );
    },
  };
}

import type { Message } from "@ag-ui/core";
import { mergeSave, type StoredThread, type ThreadChange, type ThreadRecord, type ThreadSummary } from "@tandem/core";
import type { ThreadStore } from "./threadStore.js";

/** A row of a query, by column name. */
export type SqlRow = Record<string, unknown>;

/** One statement run inside a transaction (`?` placeholders; an adapter numbers them where its engine wants `$1`). */
export type SqlQuery = (sql: string, params?: readonly unknown[]) => Promise<SqlRow[]>;

/**
 * What `sqlThreadStore` needs of a database: statements outside a transaction, and a write
 * transaction that no other writer of the same thread can interleave with (SQLite's
 * `BEGIN IMMEDIATE`; PostgreSQL's row lock, `lockRow`).
 */
export interface SqlDatabase {
  query: SqlQuery;
  /** Runs `work` in one write transaction: committed when it resolves, rolled back when it throws. */
  write<T>(work: (query: SqlQuery) => Promise<T>): Promise<T>;
  /** Appended to the `SELECT` that reads a thread inside `write` (`" FOR UPDATE"` where rows are locked so). */
  lockRow: string;
  /** Closes the database (the store's `close` calls it). */
  close(): Promise<void>;
}

/** The tables' names start with this (default `tandem_`): `tandem_threads`, `tandem_messages`. */
export interface SqlThreadStoreOptions {
  tablePrefix?: string;
}

/** The statements that make the tables (each runs once; they are idempotent). */
export function threadTables(prefix = "tandem_"): string[] {
  const threads = `${prefix}threads`;
  const messages = `${prefix}messages`;
  return [
    // `record` is the thread's JSON (`ThreadRecord`), null until its first save and after removal
    // (a tombstone: `removed_at` set). Title and times are columns, for the list.
    `CREATE TABLE IF NOT EXISTS ${threads} (
      owner TEXT NOT NULL,
      id TEXT NOT NULL,
      title TEXT NOT NULL DEFAULT '',
      created_at BIGINT NOT NULL DEFAULT 0,
      updated_at BIGINT NOT NULL DEFAULT 0,
      removed_at BIGINT,
      record TEXT,
      PRIMARY KEY (owner, id)
    )`,
    `CREATE INDEX IF NOT EXISTS ${threads}_by_update ON ${threads} (owner, updated_at)`,
    `CREATE TABLE IF NOT EXISTS ${messages} (
      owner TEXT NOT NULL,
      thread_id TEXT NOT NULL,
      id TEXT NOT NULL,
      message TEXT NOT NULL,
      PRIMARY KEY (owner, thread_id, id)
    )`,
  ];
}

const asNumber = (value: unknown) => Number(value);

/**
 * A `ThreadStore` on SQL, the same statements on SQLite and PostgreSQL: one row per thread (its
 * record as JSON, title and times as columns for the list) and one row per message, so a save
 * writes only the messages that changed. A save is merged with `mergeSave` inside one write
 * transaction that holds the thread's row, so saves from two server instances never merge into
 * the same old copy. A removed thread's row stays as a tombstone.
 */
export function sqlThreadStore(db: SqlDatabase, options: SqlThreadStoreOptions = {}): ThreadStore {
  const prefix = options.tablePrefix ?? "tandem_";
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(prefix)) throw new Error(`The table prefix "${prefix}" is not a plain SQL name`);
  const threads = `${prefix}threads`;
  const messages = `${prefix}messages`;
  return {
    async list(owner, limit) {
      const rows = await db.query(
        `SELECT id, title, created_at, updated_at FROM ${threads}
         WHERE owner = ? AND removed_at IS NULL AND record IS NOT NULL
         ORDER BY updated_at DESC LIMIT ?`,
        [owner, limit],
      );
      return rows.map(
        (row): ThreadSummary => ({
          id: String(row.id),
          title: String(row.title),
          createdAt: asNumber(row.created_at),
          updatedAt: asNumber(row.updated_at),
        }),
      );
    },

    async load(owner, id) {
      const [row] = await db.query(`SELECT record FROM ${threads} WHERE owner = ? AND id = ? AND removed_at IS NULL`, [owner, id]);
      if (typeof row?.record !== "string") return null;
      const { order, ...thread } = JSON.parse(row.record) as ThreadRecord;
      const stored = await db.query(`SELECT id, message FROM ${messages} WHERE owner = ? AND thread_id = ?`, [owner, id]);
      const byId = new Map(stored.map((m) => [String(m.id), m.message as string]));
      return { ...thread, messages: order.flatMap((m) => (byId.has(m) ? [JSON.parse(byId.get(m)!) as Message] : [])) } as StoredThread;
    },

    save: (owner, change: ThreadChange) =>
      db.write(async (query) => {
        const id = change.thread.id;
        // The row first (an empty one for a new thread), then read under its lock: two first saves
        // of one thread on two instances take turns as two later saves do.
        await query(`INSERT INTO ${threads} (owner, id) VALUES (?, ?) ON CONFLICT (owner, id) DO NOTHING`, [owner, id]);
        const [row] = await query(`SELECT record, removed_at FROM ${threads} WHERE owner = ? AND id = ?${db.lockRow}`, [owner, id]);
        if (row?.removed_at !== null && row?.removed_at !== undefined) return;
        const stored = typeof row?.record === "string" ? (JSON.parse(row.record) as ThreadRecord) : null;
        const read = async (m: string) => {
          const [found] = await query(`SELECT message FROM ${messages} WHERE owner = ? AND thread_id = ? AND id = ?`, [owner, id, m]);
          return typeof found?.message === "string" ? (JSON.parse(found.message) as Message) : undefined;
        };
        const { record, put, remove } = await mergeSave(stored, change, read);
        await query(`UPDATE ${threads} SET title = ?, created_at = ?, updated_at = ?, record = ? WHERE owner = ? AND id = ?`, [
          record.title,
          record.createdAt,
          record.updatedAt,
          JSON.stringify(record),
          owner,
          id,
        ]);
        for (const message of put)
          await query(
            `INSERT INTO ${messages} (owner, thread_id, id, message) VALUES (?, ?, ?, ?)
             ON CONFLICT (owner, thread_id, id) DO UPDATE SET message = excluded.message`,
            [owner, id, message.id, JSON.stringify(message)],
          );
        for (const m of remove) await query(`DELETE FROM ${messages} WHERE owner = ? AND thread_id = ? AND id = ?`, [owner, id, m]);
      }),

    rename: (owner, id, title, now = Date.now()) =>
      db.write(async (query) => {
        const [row] = await query(`SELECT record FROM ${threads} WHERE owner = ? AND id = ? AND removed_at IS NULL${db.lockRow}`, [
          owner,
          id,
        ]);
        if (typeof row?.record !== "string") return false;
        const record = { ...(JSON.parse(row.record) as ThreadRecord), title, updatedAt: now };
        await query(`UPDATE ${threads} SET title = ?, updated_at = ?, record = ? WHERE owner = ? AND id = ?`, [
          title,
          now,
          JSON.stringify(record),
          owner,
          id,
        ]);
        return true;
      }),

    remove: (owner, id) =>
      db.write(async (query) => {
        const now = Date.now();
        await query(
          `INSERT INTO ${threads} (owner, id, updated_at, removed_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (owner, id) DO UPDATE SET removed_at = excluded.removed_at, updated_at = excluded.updated_at, record = NULL`,
          [owner, id, now, now],
        );
        await query(`DELETE FROM ${messages} WHERE owner = ? AND thread_id = ?`, [owner, id]);
      }),

    close: () => db.close(),
  };
}

import { type Client, createClient, type InValue } from "@libsql/client";
import { type SqlDatabase, type SqlQuery, sqlThreadStore, threadTables } from "../threads/sqlThreadStore.js";
import type { ThreadStore } from "../threads/threadStore.js";

/** Options for `sqliteThreadStore`. */
export interface SqliteThreadStoreOptions {
  /** The database file (`./threads.db`), or a libSQL URL (`file:…`, `libsql://…` for a remote libSQL server). */
  url: string;
  /** The token of a remote libSQL server. */
  authToken?: string;
  /** How long a write waits for another process's write to end, in ms (default 5,000). */
  busyTimeoutMs?: number;
  /** The tables' names start with this (default `tandem_`). */
  tablePrefix?: string;
}

const toUrl = (url: string) => (/^[a-z]+:/i.test(url) ? url : `file:${url}`);

/**
 * The write under way on each database of this process. SQLite waits for another connection's
 * write lock by blocking the thread (its busy timeout): a second write transaction begun in this
 * process while the first awaits would block the very event loop the first needs to commit.
 * So this process writes one transaction at a time per database; other processes wait on the
 * lock, which the short transactions here hold for milliseconds.
 */
const writing = new Map<string, Promise<unknown>>();

function inTurn<T>(key: string, write: () => Promise<T>): Promise<T> {
  const turn = (writing.get(key) ?? Promise.resolve()).then(write);
  const settled = turn.catch(() => undefined);
  writing.set(key, settled);
  void settled.then(() => {
    if (writing.get(key) === settled) writing.delete(key);
  });
  return turn;
}

/**
 * Threads in SQLite (`sqlThreadStore` over `@libsql/client`): the tables are made on first use,
 * every save is merged inside a `BEGIN IMMEDIATE` transaction, so several server processes on
 * one machine can share the file. The client is libSQL's (a maintained SQLite fork with the
 * same file format) because it installs prebuilt from the npm registry: better-sqlite3 builds
 * from source wherever its prebuilt binaries cannot be downloaded.
 */
export async function sqliteThreadStore(options: SqliteThreadStoreOptions): Promise<ThreadStore> {
  const url = toUrl(options.url);
  const client: Client = createClient({
    url,
    ...(options.authToken !== undefined && { authToken: options.authToken }),
    timeout: options.busyTimeoutMs ?? 5_000,
  });
  // WAL lets readers go on while a save writes; it is kept in the file, so once is enough.
  if (url.startsWith("file:")) await inTurn(url, () => client.execute("PRAGMA journal_mode = WAL"));
  for (const statement of threadTables(options.tablePrefix)) await inTurn(url, () => client.execute(statement));
  const query =
    (run: Pick<Client, "execute">): SqlQuery =>
    async (sql, params = []) =>
      (await run.execute({ sql, args: params as InValue[] })).rows as unknown as Record<string, unknown>[];
  const db: SqlDatabase = {
    query: query(client),
    lockRow: "",
    write: (work) =>
      inTurn(url, async () => {
        const transaction = await client.transaction("write");
        try {
          const result = await work(query(transaction));
          await transaction.commit();
          return result;
        } finally {
          transaction.close();
        }
      }),
    close: async () => client.close(),
  };
  return sqlThreadStore(db, options.tablePrefix !== undefined ? { tablePrefix: options.tablePrefix } : {});
}

import pg from "pg";
import { type SqlDatabase, type SqlQuery, sqlThreadStore, threadTables } from "../threads/sqlThreadStore.js";
import type { ThreadStore } from "../threads/threadStore.js";

/** What the store uses of a `pg` client: a query with `$n` parameters, answered with its rows. */
export interface PostgresQueryable {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * What the store uses of a `pg.Pool` (declared here, so an app's types check without `pg`'s):
 * queries, and a client of its own for a transaction.
 */
export interface PostgresPool extends PostgresQueryable {
  connect(): Promise<PostgresQueryable & { release(): void }>;
  end(): Promise<void>;
}

/** Options for `postgresThreadStore`: a connection string, or a pool of your own. */
export interface PostgresThreadStoreOptions {
  /** `postgres://user:password@host:5432/database`; or pass `pool`. */
  connectionString?: string;
  /** A `pg.Pool` the app already has (it is not ended by `close()`). */
  pool?: PostgresPool;
  /** The tables' names start with this (default `tandem_`). */
  tablePrefix?: string;
}

/** `?` placeholders numbered as PostgreSQL wants them (`$1`, `$2`…); the statements here hold no other `?`. */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

const queryOn =
  (client: PostgresQueryable): SqlQuery =>
  async (sql, params = []) =>
    (await client.query(numbered(sql), params as unknown[])).rows;

/**
 * Threads in PostgreSQL (`sqlThreadStore` over `pg`): the tables are made on first use; every
 * save is merged in one transaction holding the thread's row (`SELECT … FOR UPDATE`), so server
 * instances on any number of machines can share the database.
 */
export async function postgresThreadStore(options: PostgresThreadStoreOptions): Promise<ThreadStore> {
  if (!options.pool && !options.connectionString) throw new Error("postgresThreadStore needs a connectionString or a pool");
  const pool: PostgresPool = options.pool ?? (new pg.Pool({ connectionString: options.connectionString }) as unknown as PostgresPool);
  const query = queryOn(pool);
  // Two instances starting at once both make the tables: one waits for the other (an advisory lock).
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock(7310486)");
    for (const statement of threadTables(options.tablePrefix)) await client.query(statement);
  } finally {
    await client.query("SELECT pg_advisory_unlock(7310486)").catch(() => undefined);
    client.release();
  }
  const db: SqlDatabase = {
    query,
    lockRow: " FOR UPDATE",
    async write(work) {
      const connection = await pool.connect();
      try {
        await connection.query("BEGIN");
        const result = await work(queryOn(connection));
        await connection.query("COMMIT");
        return result;
      } catch (error) {
        await connection.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
    close: async () => {
      if (!options.pool) await pool.end();
    },
  };
  return sqlThreadStore(db, options.tablePrefix !== undefined ? { tablePrefix: options.tablePrefix } : {});
}

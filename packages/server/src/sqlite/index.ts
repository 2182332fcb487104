/**
 * A thread store on SQLite for `@tandem/server`, through `@libsql/client` (install it beside
 * `@tandem/server`): one file, no server to run, shared by every process on the machine.
 *
 * @module @tandem/server/sqlite
 */
export { type SqliteThreadStoreOptions, sqliteThreadStore } from "./sqliteThreadStore.js";

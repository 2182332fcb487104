/**
 * A thread store on PostgreSQL for `@tandem/server`, through `pg` (install it beside
 * `@tandem/server`): for threads shared by server instances on several machines.
 *
 * @module @tandem/server/postgres
 */
export {
  type PostgresPool,
  type PostgresQueryable,
  type PostgresThreadStoreOptions,
  postgresThreadStore,
} from "./postgresThreadStore.js";

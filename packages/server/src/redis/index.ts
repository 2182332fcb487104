/**
 * A Redis Streams `EventLog` for `@tandem/server`'s `resumableRuns`: every server instance
 * behind a load balancer reads the same runs, so a resume can land on any of them. Needs the
 * `redis` package (node-redis), an optional peer dependency.
 *
 * @module @tandem/server/redis
 */
export { type RedisCommands, type RedisConnection, type RedisEventLog, type RedisEventLogOptions, redisEventLog } from "./redisEventLog.js";

/** The path of a redis-server already on this machine, or undefined. */
export function findRedisServer(): string | undefined;
/** The path of a redis-server; installs Debian's when that is the only way to get one. Throws with the reason otherwise. */
export function ensureRedisServer(): string;
/** A throwaway redis-server on a free loopback port, or why none can be had. */
export function startRedis(): Promise<{ url: string; port: number; stop(): Promise<void>; skip?: undefined } | { skip: string }>;

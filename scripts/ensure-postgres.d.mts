/** The directory holding PostgreSQL's initdb and postgres on this machine, or undefined. */
export function findPostgres(): string | undefined;
/** The directory of PostgreSQL's programs; installs Debian's when that is the only way to get them. Throws with the reason otherwise. */
export function ensurePostgres(): string;
/** A throwaway PostgreSQL cluster on a free loopback port, or why none can be had. */
export function startPostgres(): Promise<{ url: string; port: number; stop(): Promise<void>; skip?: undefined } | { skip: string }>;

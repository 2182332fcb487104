/** How a backoff grows: the first wait, the cap, and how much of each wait is left to chance. */
export interface BackoffOptions {
  /** The first wait, in ms (default 500). */
  delayMs?: number;
  /** No wait is longer (default 8,000 ms). */
  maxDelayMs?: number;
  /**
   * The share of each wait drawn at random, 0 to 1 (default 0: exact doubling). With 0.5, a wait
   * of 4 s is between 2 and 4 s, so tabs and clients that failed together do not retry together.
   */
  jitter?: number;
}

/**
 * The wait before try `attempt` (1 for the first retry): `delayMs` doubled each try, capped at
 * `maxDelayMs`, less a random share (`jitter`). The one backoff of the project: a dropped stream
 * being resumed and an outbox waiting for an unreachable agent both wait by it.
 */
export function backoffDelay(
  attempt: number,
  { delayMs = 500, maxDelayMs = 8_000, jitter = 0 }: BackoffOptions = {},
  random = Math.random,
): number {
  const full = Math.min(maxDelayMs, delayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(full - full * Math.min(1, Math.max(0, jitter)) * random());
}

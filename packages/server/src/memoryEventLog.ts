import type { BaseEvent } from "@ag-ui/core";
import { type EventLog, isRunEnd, type LoggedEvent } from "./eventLog.js";

/** Options for `memoryEventLog`. */
export interface MemoryEventLogOptions {
  /** How long a run's events are kept after it ended (default 5 minutes). */
  ttlMs?: number;
  /** @deprecated The old name of `ttlMs`. */
  keepMs?: number;
  /**
   * How many runs the log holds at most (default 1,000): past it, the runs that ended longest ago
   * go first (a run still being produced is never dropped; `resumableRuns`'s `maxRuns` bounds those).
   */
  maxRuns?: number;
}

interface RunLog {
  events: LoggedEvent[];
  ended: boolean;
  /** Readers waiting for the next event. */
  waiting: Set<() => void>;
  expiry?: ReturnType<typeof setTimeout>;
}

/** A memory log, plus what tests and metrics read of it. */
export interface MemoryEventLog extends EventLog {
  /** How many runs it holds now (produced or ended within the TTL). */
  size(): number;
}

/**
 * An `EventLog` in this process's memory: ids are the event's position in its run ("1", "2"…).
 * Right for one server instance; several instances behind a load balancer need a shared store
 * (`redisEventLog` from `@tandem/server/redis`). Bounded: `maxRuns` runs, each kept `ttlMs` after
 * its end; the events of one run are bounded by `resumableRuns`'s `maxEvents` and `maxBytes`.
 */
export function memoryEventLog({ ttlMs, keepMs, maxRuns = 1000 }: MemoryEventLogOptions = {}): MemoryEventLog {
  const ttl = ttlMs ?? keepMs ?? 5 * 60_000;
  /** In insertion order, so the first ended run is the oldest to go. */
  const runs = new Map<string, RunLog>();
  const drop = (key: string) => {
    const run = runs.get(key);
    if (!run) return;
    clearTimeout(run.expiry);
    run.ended = true;
    wake(run);
    runs.delete(key);
  };
  /** Drops the runs that ended longest ago while the log holds more than `limit`. */
  const trim = (limit: number) => {
    if (runs.size <= limit) return;
    for (const [old, held] of runs) {
      if (runs.size <= limit) break;
      if (held.ended) drop(old);
    }
  };
  const runOf = (key: string) => {
    let run = runs.get(key);
    if (!run) {
      trim(maxRuns - 1);
      run = { events: [], ended: false, waiting: new Set() };
      runs.set(key, run);
    }
    return run;
  };
  const wake = (run: RunLog) => {
    for (const resolve of run.waiting) resolve();
    run.waiting.clear();
  };
  const end = (key: string) => {
    const run = runs.get(key);
    if (!run || run.ended) return;
    run.ended = true;
    wake(run);
    run.expiry = setTimeout(() => {
      if (runs.get(key) === run) runs.delete(key);
    }, ttl);
    run.expiry.unref?.();
    trim(maxRuns);
  };
  return {
    async append(key, event: BaseEvent) {
      const run = runOf(key);
      if (run.ended) {
        // Appended to again (a server that runs a run id twice): the run goes on, its ids after the last.
        clearTimeout(run.expiry);
        run.ended = false;
      }
      const id = String(run.events.length + 1);
      run.events.push({ id, event });
      wake(run);
      if (isRunEnd(event)) end(key);
      return id;
    },
    async has(key, eventId) {
      const run = runs.get(key);
      return run !== undefined && (eventId === undefined || run.events.some((e) => e.id === eventId));
    },
    async *read(key, afterId, signal) {
      const run = runs.get(key);
      if (!run) return;
      let next = afterId === null ? 0 : run.events.findIndex((e) => e.id === afterId) + 1;
      while (!signal.aborted) {
        while (next < run.events.length) {
          const logged = run.events[next++]!;
          yield logged;
          if (isRunEnd(logged.event)) return;
        }
        if (run.ended) return;
        await new Promise<void>((resolve) => {
          const woken = () => {
            signal.removeEventListener("abort", stop);
            resolve();
          };
          const stop = () => {
            run.waiting.delete(woken);
            resolve();
          };
          run.waiting.add(woken);
          signal.addEventListener("abort", stop, { once: true });
        });
      }
    },
    async end(key) {
      end(key);
    },
    size: () => runs.size,
  };
}

import type { BaseEvent } from "@ag-ui/core";
import type { EventLog, LoggedEvent } from "./eventLog.js";

/** Options for `memoryEventLog`. */
export interface MemoryEventLogOptions {
  /** How long a run's events are kept after it ended (default 5 minutes). */
  keepMs?: number;
}

interface RunLog {
  events: LoggedEvent[];
  ended: boolean;
  /** Readers waiting for the next event. */
  waiting: Set<() => void>;
}

const isEnd = (event: BaseEvent) => event.type === "RUN_FINISHED" || event.type === "RUN_ERROR";

/**
 * An `EventLog` in this process's memory: ids are the event's position in its run ("1", "2"…).
 * Right for one server instance; several instances behind a load balancer need a shared store
 * (see `EventLog`).
 */
export function memoryEventLog({ keepMs = 5 * 60_000 }: MemoryEventLogOptions = {}): EventLog {
  const runs = new Map<string, RunLog>();
  const runOf = (runId: string) => {
    const run = runs.get(runId) ?? { events: [], ended: false, waiting: new Set() };
    runs.set(runId, run);
    return run;
  };
  const wake = (run: RunLog) => {
    for (const resolve of run.waiting) resolve();
    run.waiting.clear();
  };
  const end = (runId: string) => {
    const run = runOf(runId);
    if (run.ended) return;
    run.ended = true;
    wake(run);
    setTimeout(() => runs.delete(runId), keepMs).unref?.();
  };
  return {
    async append(runId, event) {
      const run = runOf(runId);
      const id = String(run.events.length + 1);
      run.events.push({ id, event });
      wake(run);
      if (isEnd(event)) end(runId);
      return id;
    },
    async has(runId, eventId) {
      const run = runs.get(runId);
      return run !== undefined && (eventId === undefined || run.events.some((e) => e.id === eventId));
    },
    async *read(runId, afterId, signal) {
      const run = runOf(runId);
      let next = afterId === null ? 0 : run.events.findIndex((e) => e.id === afterId) + 1;
      while (!signal.aborted) {
        while (next < run.events.length) {
          const logged = run.events[next++]!;
          yield logged;
          if (isEnd(logged.event)) return;
        }
        if (run.ended) return;
        await new Promise<void>((resolve) => {
          const stop = () => resolve();
          run.waiting.add(() => {
            signal.removeEventListener("abort", stop);
            resolve();
          });
          signal.addEventListener("abort", stop, { once: true });
        });
      }
    },
    async end(runId) {
      end(runId);
    },
  };
}

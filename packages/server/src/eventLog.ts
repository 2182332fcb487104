import type { BaseEvent } from "@ag-ui/core";

/** One event of a run as an `EventLog` keeps it: the SSE `id:` it goes out with, and the event. */
export interface LoggedEvent {
  /** Opaque to clients; unique and increasing within the run. */
  id: string;
  /** The AG-UI event, as the agent made it. */
  event: BaseEvent;
}

/**
 * Where a resumable server keeps each run's events, so a client that lost the stream (a dropped
 * connection, a reload) can read on after the last event it received. `memoryEventLog()` keeps
 * them in this process; `redisEventLog()` (`@tandem/server/redis`) in Redis Streams, shared by
 * every server instance, so any instance can serve a resume.
 *
 * `run` is the run's key, `runKey(threadId, runId)`: a run is always found through its thread.
 */
export interface EventLog {
  /** Appends an event to the run's log; resolves to the id it goes out with. */
  append(run: string, event: BaseEvent): Promise<string>;
  /** Whether the log holds the run and, given `eventId`, that event of it: what a resume can continue from. */
  has(run: string, eventId?: string): Promise<boolean>;
  /**
   * The run's events after `afterId` (from the first when null), then each one appended later,
   * until the run's RUN_FINISHED or RUN_ERROR, `end(run)`, or `signal` aborting.
   */
  read(run: string, afterId: string | null, signal: AbortSignal): AsyncIterable<LoggedEvent>;
  /** The run's producer stopped (finished, failed or abandoned): readers stop once they have read everything. */
  end(run: string): Promise<void>;
  /**
   * Marks that a client of this instance reads the run, for the next `forMs`: a shared log lets
   * the instance that produces the run see readers on every other (`resumableRuns` marks while a
   * reader reads a run it does not produce, and its `idleMs` stops a run only when unmarked).
   * Optional: a log of one process needs none.
   */
  markRead?(run: string, forMs: number): Promise<void>;
  /** Whether a reader marked the run (`markRead`) within the time it gave, on any instance. */
  isRead?(run: string): Promise<boolean>;
}

/** Whether an event ends its run (RUN_FINISHED or RUN_ERROR): nothing of the run comes after it. */
export const isRunEnd = (event: BaseEvent): boolean => event.type === "RUN_FINISHED" || event.type === "RUN_ERROR";

/**
 * The key a run is kept under: its thread and its id, so a `runId` named with another thread's id
 * finds nothing. Each part is URI-encoded, so the `/` between them cannot be forged.
 */
export const runKey = (threadId: string, runId: string): string => `${encodeURIComponent(threadId)}/${encodeURIComponent(runId)}`;

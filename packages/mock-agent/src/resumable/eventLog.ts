import type { BaseEvent } from "@ag-ui/core";

/** One event of a run as an `EventLog` keeps it: the SSE `id:` it goes out with, and the event. */
export interface LoggedEvent {
  /** Opaque to clients; unique and increasing within the run. */
  id: string;
  event: BaseEvent;
}

/**
 * Where a resumable server keeps each run's events, so a client that lost the stream (a dropped
 * connection, a reload) can read on after the last event it received. `memoryEventLog()` keeps
 * them in this process; a store shared by several server instances makes any instance able to
 * serve a resume. With Redis Streams, one stream per run (`XADD run:<runId> * event <json>`):
 * `append` is XADD and returns the entry id; `has` is an XRANGE of that id (or EXISTS of the key);
 * `read` is XRANGE from after `afterId`, then XREAD BLOCK for what comes later, until the run's
 * RUN_FINISHED/RUN_ERROR or an end marker `end` XADDs (plus an EXPIRE so finished runs go away).
 */
export interface EventLog {
  /** Appends an event to the run's log; resolves to the id it goes out with. */
  append(runId: string, event: BaseEvent): Promise<string>;
  /** Whether the log holds the run and, given `eventId`, that event of it: what a resume can continue from. */
  has(runId: string, eventId?: string): Promise<boolean>;
  /**
   * The run's events after `afterId` (from the first when null), then each one appended later,
   * until the run's RUN_FINISHED or RUN_ERROR, `end(runId)`, or `signal` aborting.
   */
  read(runId: string, afterId: string | null, signal: AbortSignal): AsyncIterable<LoggedEvent>;
  /** The run's producer stopped (finished, failed or abandoned): readers stop once they have read everything. */
  end(runId: string): Promise<void>;
}

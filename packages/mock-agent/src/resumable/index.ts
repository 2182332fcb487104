/**
 * Resumable AG-UI streams for Node servers: every event with an SSE `id:`, runs kept in an event
 * log apart from the response, and a request repeated with `Last-Event-ID` continued after it.
 * Server-only (no browser code, no "use client"); the mock agent serves its scenarios with it.
 *
 * @module @tandem/mock-agent/resumable
 */
export type { EventLog, LoggedEvent } from "./eventLog.js";
export { type MemoryEventLogOptions, memoryEventLog } from "./memoryEventLog.js";
export type { NodeRequest, NodeResponse } from "./nodeHttp.js";
export {
  type EventSource,
  type EventSubscribable,
  type ResumableRequest,
  type ResumableRuns,
  type ResumableRunsOptions,
  type RunnableAgent,
  resumableRuns,
  sseFrame,
  type Unsubscribable,
} from "./resumableRuns.js";

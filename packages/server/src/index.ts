/**
 * The server half of Tandem, for Node ≥ 20 (no browser code): resumable AG-UI runs keyed by
 * thread and run, an `authorize` hook that every start, resume and join goes through, caps on
 * runs, events, bytes and time, and event logs in memory (here) or Redis Streams
 * (`@tandem/server/redis`). Threads are kept per owner behind a small REST contract
 * (`threadsHandler`), in memory (here) or SQL (`@tandem/server/sqlite`, `sqlThreadStore`).
 * Framework-neutral: `agentHandler` and `threadsHandler` are `node:http` listeners (Express and
 * Fastify mount them); for Fetch-style servers (Hono, Next.js route handlers) `resumableRuns().open`
 * gives a run's SSE frames and `threadsFetchHandler` answers a `Request` with a `Response`.
 * `agentSocketHandler` serves the same runs over one WebSocket per thread (the proposed AG-UI
 * WebSocket binding, subprotocol `ag-ui.v1+json`).
 *
 * @module @tandem/server
 */

export type {
  EventSource,
  EventSubscribable,
  RunnableAgent,
  Unsubscribable,
} from "./agentEvents.js";
export type { RuleResult } from "./conformance/rules.js";
export { checkResumableRuns, type ResumableRunsTarget } from "./conformance/runRules.js";
export { checkSocketRuns, type SocketRunsTarget } from "./conformance/socketRules.js";
export { checkThreadStore, type ThreadStoreTarget } from "./conformance/threadStoreRules.js";
export { type EventLog, isRunEnd, type LoggedEvent, runKey } from "./eventLog.js";
export { type AgentFetchHandlerOptions, agentFetchHandler, runStreamResponse } from "./fetchHandler.js";
export { type AgentHandlerOptions, agentHandler } from "./handler.js";
export { type MemoryEventLog, type MemoryEventLogOptions, memoryEventLog } from "./memoryEventLog.js";
export type { NodeRequest, NodeResponse } from "./nodeHttp.js";
export {
  type Authorize,
  type ResumableRequest,
  type ResumableRuns,
  type ResumableRunsOptions,
  type ResumableRunsStats,
  type RunAccess,
  type RunAccessKind,
  type RunRequest,
  type RunStream,
  resumableRuns,
} from "./resumableRuns.js";
export {
  type AgentSocketHandler,
  type AgentSocketHandlerOptions,
  agentSocketHandler,
  type SocketRuns,
} from "./socket/agentSocketHandler.js";
export {
  AG_UI_SUBPROTOCOL,
  type ClientFrame,
  type EndFrame,
  type ErrorFrame,
  type EventFrame,
  FrameRefusal,
  type JoinFrame,
  parseClientFrame,
  type ResumeFrame,
  type RunFrame,
  type ServerFrame,
  type StopFrame,
  type StoppedFrame,
} from "./socket/frames.js";
export { sseFrame, writeRespectingBackpressure } from "./sse.js";
export { memoryThreadStore } from "./threads/memoryThreadStore.js";
export {
  type SqlDatabase,
  type SqlQuery,
  type SqlRow,
  type SqlThreadStoreOptions,
  sqlThreadStore,
  threadTables,
} from "./threads/sqlThreadStore.js";
export type { ThreadStore } from "./threads/threadStore.js";
export {
  type AuthorizeThreads,
  type ThreadAccess,
  type ThreadAccessKind,
  type ThreadsHandlerOptions,
  threadsFetchHandler,
  threadsHandler,
} from "./threads/threadsHandler.js";

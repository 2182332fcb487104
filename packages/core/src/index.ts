/**
 * Framework-free core of Tandem: the AgentClient, transports for each dialect, the event reducer and store, tools, thread storages and the recorder. No React; usable from server code.
 *
 * @module @tandem/core
 */
export { type VersionInfo, versionsOf } from "./branches/branches.js";
export { type ComposerHost, ComposerRuntime, type EncodeAttachments } from "./composer/composerRuntime.js";
export type { ComposerState, PendingAttachment } from "./composer/types.js";
export type {
  Diagnostic,
  DiagnosticAction,
  DiagnosticReport,
  DiagnosticRule,
  DiagnosticRuleId,
} from "./diagnostics/types.js";
export { mergeFeedback } from "./feedback/mergeFeedback.js";
export type { FeedbackOptions } from "./feedback/options.js";
export type { ThreadFeedback } from "./feedback/threadFeedback.js";
export { FEEDBACK_EVENT, type FeedbackGiven, type MessageFeedback, type Rating } from "./feedback/types.js";
export { type ApprovalAnswer, isApproval } from "./interrupts/approval.js";
export { type AnsweredInterrupt, type InterruptDecisions, mergeDecisions } from "./interrupts/decisions.js";
export type { OutboxNetwork } from "./outbox/network.js";
export type { Outbox } from "./outbox/outbox.js";
export {
  type EventLog,
  type EventLogEntry,
  pathOf,
  RECORDING_VERSION,
  type RecordedEvent,
  type RecordedRun,
  type Recording,
  type RecordOptions,
  type RunEndpoint,
  recordThread,
  runEndpoint,
  type ThreadRecorder,
} from "./recording/index.js";
export { applyPatch, type PatchResult } from "./reducer/patch.js";
export { createThreadState, reduceEvent, reduceEvents } from "./reducer/reduceEvents.js";
export { AgentClient } from "./run/agentClient.js";
export type { AgentClientOptions, ClientOptions } from "./run/clientOptions.js";
export { loadInterruptAnswering } from "./run/interruptAnswers.js";
export { type AsideClient, requestThroughAgent } from "./run/requestAside.js";
export { agentRuntimeStorage } from "./storage/agentRuntimeStorage.js";
export { type IndexedDbStorageOptions, indexedDbStorage } from "./storage/indexedDbStorage.js";
export { memoryStorage } from "./storage/memoryStorage.js";
export { mergeRun } from "./storage/mergeRun.js";
export { type MergedSave, mergeSave, type ThreadRecord } from "./storage/mergeSave.js";
export { type MergedThread, mergeThread, type StoredShape } from "./storage/mergeThread.js";
export { type Persistence, type PersistOptions, persistThread } from "./storage/persistThread.js";
export { type RestStorageOptions, restStorage } from "./storage/restStorage.js";
export type { ResumePoint, RunStart, StorageStatus, StoredThread, ThreadChange, ThreadStorage, ThreadSummary } from "./storage/types.js";
export { createThreadStore, type ThreadStore } from "./store/createThreadStore.js";
export type { Schedule } from "./store/frame.js";
export type { MessageIndex } from "./store/messageIndex.js";
export { clientKey } from "./threads/agentOptions.js";
export { deviceId } from "./threads/deviceId.js";
export type { Remember } from "./threads/remember.js";
export type { RunLocks } from "./threads/runOwner.js";
export { ThreadRuntime, type ThreadRuntimeOptions, type ThreadRuntimeState } from "./threads/threadRuntime.js";
export type { ThreadListItem } from "./threads/types.js";
export type { FrontendTool, ToolHandlerContext } from "./tools/registry.js";
export { type InferArgs, type JsonSchema, type ToolParameters, type Validation, validateArgs } from "./tools/schema.js";
export { readToolProgress } from "./tools/toolCallViews.js";
export { type BackoffOptions, backoffDelay } from "./transport/backoff.js";
export { HttpError } from "./transport/http.js";
export {
  type AgentRuntimeOptions,
  type AgentScopeOptions,
  type AgKitOptions,
  type AgUiOptions,
  createTransport,
  type FrameMapper,
  type HeadersOption,
  type HttpOptions,
  type JsonDialect,
  jsonStreamTransport,
  loadPipeline,
  type Protocol,
  type ReconnectOptions,
  type RunHooks,
  type Transport,
  type TransportOptions,
} from "./transport/index.js";
export type { StopRun } from "./transport/stopRequest.js";
export * from "./types.js";
export type { BoundedLog } from "./util/boundedLog.js";
export { isObject } from "./util/isObject.js";
export { type LoadOnce, loadOnce } from "./util/loadOnce.js";

export { pathOf, type RunEndpoint, runEndpoint } from "./endpoint.js";
export type { EventLog, EventLogEntry } from "./eventLog.js";
export { type RecordOptions, recordThread, type ThreadRecorder } from "./recordThread.js";
export { RECORDING_VERSION, type RecordedEvent, type RecordedRun, type Recording } from "./types.js";

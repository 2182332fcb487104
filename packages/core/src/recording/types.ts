import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import type { Diagnostic } from "../diagnostics/types.js";
import type { Protocol } from "../transport/types.js";

/** The version of the recording format this code writes and reads. */
export const RECORDING_VERSION = 1;

/** One event of a run, `t` milliseconds after the run's request went out. */
export interface RecordedEvent {
  t: number;
  event: BaseEvent;
}

/** One run: where it went, what it sent, and what came back. */
export interface RecordedRun {
  /** The dialect the request was sent in ("custom" for a transport of your own). */
  protocol: Protocol | "custom";
  /** The path of the endpoint the run was POSTed to (e.g. `/agentic-chat`, `/agentscope/x/process`); never the host or headers. */
  path: string;
  /** The request, as the client built it (after `redact`): AG-UI's `RunAgentInput`, whatever the dialect. */
  input: RunAgentInput;
  events: RecordedEvent[];
}

/** A thread's traffic, as `recordThread` captures it and `startMockAgent({ recording })` replays it. */
export interface Recording {
  version: typeof RECORDING_VERSION;
  /** ISO time the recording started. */
  recordedAt: string;
  runs: RecordedRun[];
  /**
   * What the kit refused, repaired, de-duplicated or stripped of these runs, and the answers their
   * requests did not expect (`client.diagnostics`), where the client keeps them. Replay ignores it.
   */
  diagnostics?: Diagnostic[];
}

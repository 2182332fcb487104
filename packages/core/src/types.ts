import type { Interrupt, Message, ResumeEntry, ToolCall } from "@ag-ui/core";

export type {
  BaseEvent,
  Context,
  InputContent,
  Interrupt,
  Message,
  ResumeEntry,
  RunAgentInput,
  Tool,
  ToolCall,
} from "@ag-ui/core";

export type AgentStatus = "idle" | "running" | "awaiting-input" | "error";

export type ErrorKind = "http" | "network" | "protocol" | "agent" | "truncated" | "tool";

/** Every failure, whatever channel it came through, ends up as one of these. */
export interface AgentError {
  kind: ErrorKind;
  message: string;
  /** HTTP status, for `kind: "http"`. */
  status?: number;
  /** The agent's error code (`RUN_ERROR.code`), or a transport's own. */
  code?: string;
}

export type ToolCallStatus = "streaming" | "executing" | "awaiting-input" | "complete" | "error";

/** One activity step reported by STEP_STARTED / STEP_FINISHED. */
export interface RunStep {
  name: string;
  status: "running" | "finished";
}

/** Everything known about one thread. Produced by the reducer and the run loop. */
export interface ThreadState {
  threadId: string;
  messages: Message[];
  /** Agent state. Any JSON value: an object, an array, `0`, `null`. */
  state: unknown;
  status: AgentStatus;
  error: AgentError | null;
  /** The run in progress, or the last one. */
  runId: string | null;
  /** Steps of the current run, in start order. */
  steps: RunStep[];
  /** Interrupts the last run finished with that are not yet answered. */
  interrupts: Interrupt[];
  /** Status of every tool call seen in this thread, by tool call id. */
  toolCallStatus: Record<string, ToolCallStatus>;
  /** `RUN_FINISHED.outcome.type` of the last run that finished. */
  lastOutcome: "success" | "interrupt" | "cancelled" | null;
  /** The error the agent reported with RUN_ERROR in the current run, if any. */
  runError: { message: string; code?: string } | null;
  /** Ids of tool calls started by the current run, in start order. */
  runToolCallIds: string[];
}

/** A tool call as the UI sees it: the call, its parsed arguments, its result and status. */
export interface ToolCallView {
  id: string;
  name: string;
  /** Raw argument text as streamed so far. */
  argsText: string;
  /** Parsed arguments: partial while streaming, `undefined` if nothing parses yet. */
  args: unknown;
  status: ToolCallStatus;
  /** Id of the assistant message that carries the call. */
  messageId: string;
  result?: unknown;
  error?: string;
  call: ToolCall;
}

export type ResumeResponse = Pick<ResumeEntry, "status" | "payload">;

import type { AgentCapabilities, InputContent, Interrupt, Message, ResumeEntry, TokenUsage, ToolCall } from "@ag-ui/core";
import type { MessageFeedback } from "./feedback/types.js";
import type { InterruptDecisions } from "./interrupts/decisions.js";

export type {
  AgentCapabilities,
  BaseEvent,
  Context,
  InputContent,
  Interrupt,
  Message,
  Metadata,
  ResumeEntry,
  RunAgentInput,
  TokenUsage,
  Tool,
  ToolCall,
} from "@ag-ui/core";

/** The thread's status: idle, running a run or tool handlers, waiting for a person (interrupt or tool without handler), or failed. */
export type AgentStatus = "idle" | "running" | "awaiting-input" | "error";

/** Where a failure came from: an HTTP status, the connection, what the protocol cannot read or carry, the agent's RUN_ERROR, a reply cut off, or a tool handler. */
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

/** A tool call's stage: arguments streaming, handler running, waiting for a person, done, or failed. */
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
  /** The run's stream dropped and is being reconnected (`status` stays "running"). */
  reconnecting: boolean;
  /**
   * Another tab owns the run going on (it holds the thread's Web Lock): this tab shows it
   * read-only, from that tab's saves; it executes no tools, sends no follow-up or answer, and
   * offers no Stop. It takes the run over if that tab goes away mid-run.
   */
  following: boolean;
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
  /** Ids of tool calls started by the current run, in start order. */
  runToolCallIds: string[];
  /** Every subagent invocation seen in this thread, in start order. */
  subagents: SubagentView[];
  /** Token usage the agent reported with RUN_FINISHED. */
  usage: ThreadUsage;
  /** What the agent advertises, where the transport can read it; null until known. */
  capabilities: AgentCapabilities | null;
  /** PredictState rules of the current run: which tool argument streams into which state key. */
  predictions: Prediction[];
  /** The state from before the current run's prediction, kept for a rejecting answer to restore. */
  predictedFrom: { state: unknown } | null;
  /**
   * Every other version of the thread's turns, by fork point: the id of the message the
   * versions follow (`""` before the first message). `messages` is the active path.
   */
  branches: Record<string, BranchPoint>;
  /** Thumbs up or down (and a comment) the user gave replies, by message id. */
  feedback: Record<string, MessageFeedback>;
  /** Messages the user sent that are not in the thread yet, in the order they go out (see `OutboxItem`). */
  outbox: OutboxItem[];
  /** Answers and edited arguments given to open interrupts, not sent yet (see `InterruptDecisions`). */
  decisions: InterruptDecisions;
}

/**
 * Why a message in the outbox is not sent yet: `queued`, it goes when the agent's reply ends;
 * `waiting`, it goes when the browser is back online (it was sent offline, or the connection
 * failed before the agent answered while the browser was offline); `unreachable`, the browser is
 * online but the agent could not be reached (the connection was refused before any answer): it
 * is tried again with a growing wait while online, and at once on "Send now"; `held`, a Stop or
 * an error came first, and it goes when the user sends on (`AgentClient.sendQueued`, Retry, or a
 * new message).
 */
export type OutboxItemState = "queued" | "waiting" | "unreachable" | "held";

/** A message the user sent that waits in the thread's outbox; its id becomes the message's id. */
export interface OutboxItem {
  id: string;
  content: string | InputContent[];
  state: OutboxItemState;
}

/**
 * The versions of what follows one message: an edited question, a regenerated reply. Each is
 * the rest of the thread as it was when it was left; the active one lives in `messages` (its
 * slot here is empty).
 */
export interface BranchPoint {
  versions: Message[][];
  /** The version on the active path. */
  active: number;
}

/** The kinds of file a message can carry (AG-UI 1.0 content parts other than text). */
export type AttachmentKind = "image" | "audio" | "video" | "document";

/** A subagent invocation's stage: running, finished, suspended, or failed (SUBAGENT_ERROR). */
export type SubagentStatus = "running" | "finished" | "suspended" | "failed";

/** One subagent invocation (SUBAGENT_STARTED … FINISHED / ERROR). Its messages carry `subagentRunId: id`. */
export interface SubagentView {
  /** The invocation's `subagentRunId`. */
  id: string;
  name: string;
  description?: string;
  status: SubagentStatus;
  /** SUBAGENT_ERROR's message, when it failed. */
  error?: string;
  /** SUBAGENT_FINISHED's result, if it returned one. */
  result?: unknown;
  parentSubagentRunId?: string;
  /** The tool call that spawned it, when agents are exposed as tools. */
  parentToolCallId?: string;
}

/** `CUSTOM` `PredictState`: while `tool` streams, its `tool_argument` is `state[state_key]`. */
export interface Prediction {
  state_key: string;
  tool: string;
  tool_argument: string;
}

/** Token usage the agent reported for the thread, per run and summed. */
export interface ThreadUsage {
  /** Each finished run's usage, by run id, as the agent reported it (one entry per provider and model). */
  byRun: Record<string, TokenUsage[]>;
  /** The sum over the thread's runs, one entry per provider and model. */
  thread: TokenUsage[];
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
  /** Progress the agent reports while the call runs (the agent runtime's `tool-call-progress`). */
  progress?: ToolProgress;
  call: ToolCall;
}

/** How far a running tool call has got, as the agent reports it. */
export interface ToolProgress {
  /** 0..1 */
  value: number;
  message?: string;
}

/** A person's answer to an interrupt: its `status` and optional `payload`, without the interrupt id. */
export type ResumeResponse = Pick<ResumeEntry, "status" | "payload">;

import { PROTOCOL_VERSION, type RunAgentInput, type TokenUsage } from "@ag-ui/core";
import { type EventStep, isEvent, type Step } from "./types.js";

let counter = 0;
/** A fresh id, unique within the process: `prefix`, the time and a counter, joined by dashes. */
export const newId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** Splits text into word-sized pieces that keep their whitespace, like tokens. */
export function tokens(text: string): string[] {
  return text.match(/\s*\S+\s*|\s+/g) ?? [];
}

const paced = (pieces: EventStep[], delay: number): Step[] =>
  delay > 0 ? pieces.flatMap((p, i) => (i === 0 ? [p] : [{ delay }, p])) : pieces;

/** A streamed assistant message: `text` split into tokens, or exactly the pieces given. */
export function textMessage(text: string | string[], opts: { messageId?: string; tokenDelayMs?: number } = {}): Step[] {
  const messageId = opts.messageId ?? newId("msg");
  const pieces = Array.isArray(text) ? text : tokens(text);
  return [
    { type: "TEXT_MESSAGE_START", messageId, role: "assistant" },
    ...paced(
      pieces.map((delta) => ({ type: "TEXT_MESSAGE_CONTENT", messageId, delta })),
      opts.tokenDelayMs ?? 0,
    ),
    { type: "TEXT_MESSAGE_END", messageId },
  ];
}

/** A streamed tool call; `args` is an object, or the raw argument text (even invalid JSON). */
export function toolCall(
  name: string,
  args: unknown,
  opts: { toolCallId?: string; parentMessageId?: string; chunks?: number; tokenDelayMs?: number } = {},
): Step[] {
  const json = typeof args === "string" ? args : JSON.stringify(args);
  const size = Math.max(1, Math.ceil(json.length / Math.max(1, opts.chunks ?? 1)));
  const pieces: string[] = [];
  for (let i = 0; i < json.length; i += size) pieces.push(json.slice(i, i + size));
  return toolCallPieces(name, pieces, opts);
}

/** A streamed tool call whose argument text arrives in exactly these pieces. */
export function toolCallPieces(
  name: string,
  pieces: string[],
  opts: { toolCallId?: string; parentMessageId?: string; tokenDelayMs?: number } = {},
): Step[] {
  const toolCallId = opts.toolCallId ?? newId("call");
  return [
    { type: "TOOL_CALL_START", toolCallId, toolCallName: name, ...(opts.parentMessageId && { parentMessageId: opts.parentMessageId }) },
    ...paced(
      pieces.map((delta) => ({ type: "TOOL_CALL_ARGS", toolCallId, delta })),
      opts.tokenDelayMs ?? 0,
    ),
    { type: "TOOL_CALL_END", toolCallId },
  ];
}

/** TOOL_CALL_RESULT for `toolCallId`; `content` is sent as it is when a string, as JSON otherwise. */
export function toolResult(toolCallId: string, content: unknown): Step {
  return {
    type: "TOOL_CALL_RESULT",
    messageId: newId("result"),
    toolCallId,
    role: "tool",
    content: typeof content === "string" ? content : JSON.stringify(content),
  };
}

/** RUN_STARTED declaring protocol 1.0, as the Dojo's 1.0 servers do. */
export const runStarted = (input: RunAgentInput): Step => ({
  type: "RUN_STARTED",
  threadId: input.threadId,
  runId: input.runId,
  protocolVersion: PROTOCOL_VERSION,
});

/** How a run ends: an outcome (interrupt…), a result, and the tokens it used (AG-UI 1.0 `TokenUsage`). */
export interface RunEnd {
  outcome?: object;
  result?: unknown;
  usage?: TokenUsage[];
}

/** RUN_FINISHED for the request's thread and run, with the outcome, result and usage of `opts` when given. */
export function runFinished(input: RunAgentInput, opts: RunEnd = {}): Step {
  return {
    type: "RUN_FINISHED",
    threadId: input.threadId,
    runId: input.runId,
    ...(opts.outcome && { outcome: opts.outcome }),
    ...(opts.result !== undefined && { result: opts.result }),
    ...(opts.usage && { usage: opts.usage }),
  };
}

/** Wraps steps in RUN_STARTED … RUN_FINISHED for the request's thread and run. */
export function run(input: RunAgentInput, steps: Step[], opts: RunEnd = {}): Step[] {
  return [runStarted(input), ...steps, runFinished(input, opts)];
}

/** Marks every event among the steps as the work of one subagent invocation (AG-UI 1.0 `subagentRunId`). */
export function attributed(subagentRunId: string, steps: Step[]): Step[] {
  return steps.map((step) => (isEvent(step) ? { ...step, subagentRunId } : step));
}

/** Who a `subagent` invocation is: the fields of its SUBAGENT_STARTED event. */
export interface SubagentInfo {
  /** The invocation's id; a fresh one by default. */
  subagentRunId?: string;
  name: string;
  description?: string;
  parentSubagentRunId?: string;
  parentToolCallId?: string;
}

/**
 * One subagent invocation: SUBAGENT_STARTED, its steps (each event attributed to it), then
 * SUBAGENT_FINISHED with its result, or SUBAGENT_ERROR when `end` says it failed.
 */
export function subagent(info: SubagentInfo, steps: Step[], end: { result?: unknown } | { error: string; code?: string } = {}): Step[] {
  const { subagentRunId = newId("subagent"), ...rest } = info;
  const closing: Step =
    "error" in end
      ? { type: "SUBAGENT_ERROR", subagentRunId, message: end.error, ...(end.code !== undefined && { code: end.code }) }
      : { type: "SUBAGENT_FINISHED", subagentRunId, ...(end.result !== undefined && { result: end.result }) };
  return [{ type: "SUBAGENT_STARTED", subagentRunId, ...rest }, ...attributed(subagentRunId, steps), closing];
}

import type { Message, ToolMessage } from "@ag-ui/core";
import type { ThreadState, ToolCallView, ToolProgress } from "../types.js";
import { parsePartialJson } from "./partialJson.js";

/** Parses complete or still-streaming JSON arguments; `undefined` until something parses. */
export const parsePartialArgs = parsePartialJson;

/** A tool result as message content: text as it is, anything else as JSON. */
export function toContent(result: unknown): string {
  if (typeof result === "string") return result;
  return JSON.stringify(result ?? null);
}

/** Parses a tool result's content: JSON when it is JSON, else the text itself. */
export function parseResult(content: ToolMessage["content"]): unknown {
  if (typeof content !== "string") return content;
  try {
    return JSON.parse(content);
  } catch {
    return content;
  }
}

const PROGRESS_PREFIX = "tool_call:";

/**
 * A tool call's progress report: an activity of type `tool-call-progress` whose content is
 * `{ progress: 0..1, message? }`, naming its call in `content.toolCallId` or, as the agent
 * runtime does, in its message id (`tool_call:<toolCallId>`).
 */
export function readToolProgress(message: Message): { toolCallId: string; progress: ToolProgress } | undefined {
  if (message.role !== "activity" || message.activityType !== "tool-call-progress") return undefined;
  const content = message.content as { toolCallId?: unknown; progress?: unknown; message?: unknown };
  const toolCallId =
    typeof content.toolCallId === "string"
      ? content.toolCallId
      : message.id.startsWith(PROGRESS_PREFIX)
        ? message.id.slice(PROGRESS_PREFIX.length)
        : undefined;
  if (toolCallId === undefined) return undefined;
  const value = typeof content.progress === "number" ? Math.min(1, Math.max(0, content.progress)) : 0;
  return {
    toolCallId,
    progress: { value, ...(typeof content.message === "string" && content.message !== "" && { message: content.message }) },
  };
}

/**
 * Every tool call of the thread, in order, with parsed arguments, result and status. Views of
 * calls that did not change keep their identity between calls, so a row per call re-renders
 * only for its own call.
 */
export function createToolCallSelector(): (state: ThreadState) => ToolCallView[] {
  let lastMessages: Message[] | undefined;
  let lastStatus: ThreadState["toolCallStatus"] | undefined;
  let lastInterrupts: ThreadState["interrupts"] | undefined;
  let last: ToolCallView[] = [];
  let byId = new Map<string, ToolCallView>();

  return (state) => {
    if (state.messages === lastMessages && state.toolCallStatus === lastStatus && state.interrupts === lastInterrupts) return last;
    lastMessages = state.messages;
    lastStatus = state.toolCallStatus;
    lastInterrupts = state.interrupts;
    // A call an open interrupt asks to approve waits for a person (the interrupt draws the question).
    const approving = new Set(state.interrupts.map((i) => i.toolCallId));
    const results = new Map<string, ToolMessage>();
    const progress = new Map<string, Message>();
    for (const m of state.messages) {
      if (m.role === "tool") results.set(m.toolCallId, m);
      else if (m.role === "activity") {
        const report = readToolProgress(m);
        if (report) progress.set(report.toolCallId, m);
      }
    }
    const next: ToolCallView[] = [];
    const nextById = new Map<string, ToolCallView>();
    for (const m of state.messages) {
      if (m.role !== "assistant" || !m.toolCalls) continue;
      for (const call of m.toolCalls) {
        const result = results.get(call.id);
        const report = progress.get(call.id);
        const status =
          !result && approving.has(call.id) ? "awaiting-input" : (state.toolCallStatus[call.id] ?? (result ? "complete" : "executing"));
        const previous = byId.get(call.id);
        const view =
          previous &&
          previous.call === call &&
          previous.status === status &&
          previous.messageId === m.id &&
          sourcesOf.get(previous)?.result === result &&
          sourcesOf.get(previous)?.progress === report
            ? previous
            : makeView(call, m.id, status, result, report);
        next.push(view);
        nextById.set(call.id, view);
      }
    }
    byId = nextById;
    last = next.length === last.length && next.every((v, i) => v === last[i]) ? last : next;
    return last;
  };
}

/** The messages a view was made from, to tell when it must be made again. */
const sourcesOf = new WeakMap<ToolCallView, { result: ToolMessage | undefined; progress: Message | undefined }>();

function makeView(
  call: ToolCallView["call"],
  messageId: string,
  status: ToolCallView["status"],
  result: ToolMessage | undefined,
  report: Message | undefined,
): ToolCallView {
  const progress = report && readToolProgress(report)?.progress;
  const view: ToolCallView = {
    id: call.id,
    name: call.function.name,
    argsText: call.function.arguments,
    args: parsePartialArgs(call.function.arguments),
    status,
    messageId,
    call,
    ...(result && { result: parseResult(result.content) }),
    ...(result?.error !== undefined && { error: result.error }),
    ...(progress && { progress }),
  };
  sourcesOf.set(view, { result, progress: report });
  return view;
}

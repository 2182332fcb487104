import type { Message, ToolMessage } from "@ag-ui/core";
import untruncateModule from "untruncate-json";
import type { ThreadState, ToolCallView } from "../types.js";

// Plain Node loads this package's CommonJS build, whose default export arrives wrapped in
// `module.exports.default`; bundlers load its ES build, where the default is the function.
type Untruncate = (json: string) => string;
const untruncateJson: Untruncate =
  (untruncateModule as unknown as { default?: Untruncate }).default ?? (untruncateModule as unknown as Untruncate);

/** Parses complete or still-streaming JSON arguments; `undefined` until something parses. */
export function parsePartialArgs(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(untruncateJson(text));
  } catch {
    return undefined;
  }
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

/**
 * Every tool call of the thread, in order, with parsed arguments, result and status. Views of
 * calls that did not change keep their identity between calls, so a row per call re-renders
 * only for its own call.
 */
export function createToolCallSelector(): (state: ThreadState) => ToolCallView[] {
  let lastMessages: Message[] | undefined;
  let lastStatus: ThreadState["toolCallStatus"] | undefined;
  let last: ToolCallView[] = [];
  let byId = new Map<string, ToolCallView>();

  return (state) => {
    if (state.messages === lastMessages && state.toolCallStatus === lastStatus) return last;
    lastMessages = state.messages;
    lastStatus = state.toolCallStatus;
    const results = new Map<string, ToolMessage>();
    for (const m of state.messages) if (m.role === "tool") results.set(m.toolCallId, m);
    const next: ToolCallView[] = [];
    const nextById = new Map<string, ToolCallView>();
    for (const m of state.messages) {
      if (m.role !== "assistant" || !m.toolCalls) continue;
      for (const call of m.toolCalls) {
        const result = results.get(call.id);
        const status = state.toolCallStatus[call.id] ?? (result ? "complete" : "executing");
        const previous = byId.get(call.id);
        const view =
          previous &&
          previous.call === call &&
          previous.status === status &&
          previous.messageId === m.id &&
          previousResult(previous) === result
            ? previous
            : makeView(call, m.id, status, result);
        next.push(view);
        nextById.set(call.id, view);
      }
    }
    byId = nextById;
    last = next.length === last.length && next.every((v, i) => v === last[i]) ? last : next;
    return last;
  };
}

const resultOf = new WeakMap<ToolCallView, ToolMessage | undefined>();
const previousResult = (view: ToolCallView) => resultOf.get(view);

function makeView(
  call: ToolCallView["call"],
  messageId: string,
  status: ToolCallView["status"],
  result: ToolMessage | undefined,
): ToolCallView {
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
  };
  resultOf.set(view, result);
  return view;
}

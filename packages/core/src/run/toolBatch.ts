import type { ToolCall } from "@ag-ui/core";
import { findToolCall } from "../reducer/draft.js";
import { addToolResult } from "../reducer/toolResults.js";
import type { FrontendTool, ToolRegistry } from "../tools/registry.js";
import type { ThreadState } from "../types.js";
import { statusOf } from "./status.js";
import { type ToolOutcome, toolMessage } from "./toolRunner.js";

/** A call of the app's tool, with the tool that answers it. */
export interface BatchCall {
  call: ToolCall;
  tool: FrontendTool;
}

/**
 * The calls a batch runs, with edited arguments where given (approve with edits). A tool
 * withdrawn since its call was marked is skipped; the batch still ends the wait.
 */
export function batchCalls(
  messages: ThreadState["messages"],
  ids: readonly string[],
  tools: ToolRegistry,
  editedArgs?: Record<string, Record<string, unknown>>,
): BatchCall[] {
  return ids.flatMap((id) => {
    const found = findToolCall(messages, id);
    const tool = found && tools.get(found.function.name);
    const edited = editedArgs?.[id];
    const call = found && edited ? { ...found, function: { ...found.function, arguments: JSON.stringify(edited) } } : found;
    return call && tool ? [{ call, tool }] : [];
  });
}

/** The thread with one call's result in, its status following what is still going on (`waiting`: a person is still asked). */
export function withToolResult(state: ThreadState, id: string, outcome: ToolOutcome, waiting: boolean): ThreadState {
  const next = addToolResult(state, toolMessage(id, outcome), outcome.error ? "error" : "complete");
  const status = statusOf({
    failed: state.status === "error",
    waiting,
    working: state.status === "running" || state.status === "awaiting-input",
  });
  return { ...next, status };
}

/**
 * The frontend calls of a thread restored with them unanswered that can run now (their tools
 * exist), or none while any call that waited on the app's tools still lacks its tool: those
 * resume together, since resuming some would start the follow-up run with the others unanswered.
 */
export function restoredCalls(s: ThreadState, tools: ToolRegistry, isWaiting: (id: string) => boolean): string[] {
  const answered = new Set(s.messages.flatMap((m) => (m.role === "tool" ? [m.toolCallId] : [])));
  const lastUser = s.messages.findLastIndex((m) => m.role === "user");
  const open = s.messages
    .slice(lastUser + 1)
    .flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []))
    .filter((c) => !answered.has(c.id) && !isWaiting(c.id));
  const waitingOnApp = (id: string) => s.toolCallStatus[id] === "executing" || s.toolCallStatus[id] === "awaiting-input";
  if (open.some((c) => waitingOnApp(c.id) && !tools.get(c.function.name))) return [];
  return open.filter((c) => tools.get(c.function.name)).map((c) => c.id);
}

import type { AssistantMessage, ToolMessage } from "@ag-ui/core";
import type { ThreadState, ToolCallStatus } from "../types.js";
import { Draft, findToolCallOwner } from "./draft.js";

/** Sets a tool call's status, owning the status map only when it changes. */
export function setToolStatus(draft: Draft, id: string, status: ToolCallStatus): void {
  if (draft.state.toolCallStatus[id] !== status) draft.own("toolCallStatus")[id] = status;
}

/** Adds a tool result the app produced (a frontend tool's, or an error) with its call's status. */
export function addToolResult(state: ThreadState, message: ToolMessage, status: ToolCallStatus): ThreadState {
  const draft = new Draft(state);
  insertToolMessage(draft, message);
  setToolStatus(draft, message.toolCallId, status);
  return draft.state;
}

/** Tool results go right after the assistant message that made the calls, in call order. */
export function insertToolMessage(draft: Draft, message: ToolMessage): void {
  const messages = draft.messages;
  const owner = findToolCallOwner(messages, message.toolCallId);
  if (owner < 0) {
    messages.push(draft.adopt(message));
    return;
  }
  const order = (messages[owner] as AssistantMessage).toolCalls!.map((c) => c.id);
  const rank = order.indexOf(message.toolCallId);
  let at = owner + 1;
  while (at < messages.length) {
    const next = messages[at]!;
    if (next.role !== "tool" || order.indexOf(next.toolCallId) > rank) break;
    at++;
  }
  messages.splice(at, 0, draft.adopt(message));
}

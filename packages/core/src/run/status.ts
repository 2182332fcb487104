import { findToolCall } from "../reducer/draft.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { AgentStatus, ThreadState, ToolCallStatus } from "../types.js";

/** The thread's status from what is going on: a failure, a person asked, work under way. */
export function statusOf(parts: { failed?: boolean; waiting: boolean; working: boolean }): AgentStatus {
  if (parts.failed) return "error";
  if (parts.waiting) return "awaiting-input";
  return parts.working ? "running" : "idle";
}

/**
 * Calls a run left pending: a registered tool's call is executing (it has a handler) or
 * awaiting input (it waits for a person); any other call is the agent's own and complete.
 * The thread's status follows from them.
 */
export function markPendingCalls(s: ThreadState, ids: readonly string[], tools: ToolRegistry): ThreadState {
  const statuses: Record<string, ToolCallStatus> = { ...s.toolCallStatus };
  let working = false;
  let waiting = false;
  for (const id of ids) {
    if (statuses[id] === "complete" || statuses[id] === "error") continue;
    const tool = tools.get(findToolCall(s.messages, id)?.function.name ?? "");
    if (!tool) statuses[id] = "complete";
    else if (tool.handler) {
      statuses[id] = "executing";
      working = true;
    } else {
      statuses[id] = "awaiting-input";
      waiting = true;
    }
  }
  return { ...s, toolCallStatus: statuses, status: statusOf({ waiting, working }) };
}

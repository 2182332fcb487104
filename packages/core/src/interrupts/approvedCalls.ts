import type { Interrupt, ResumeEntry } from "@ag-ui/core";
import { findToolCall } from "../reducer/draft.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { ThreadState } from "../types.js";
import { approvalOf } from "./approval.js";

/** What answered approvals mean for the app's own tools. */
export interface ApprovedCalls {
  /** Calls of tools with a handler that were approved: they run before the resume goes out. */
  run: string[];
  /** Approve with edits: the arguments each call runs with instead of the agent's. */
  editedArgs: Record<string, Record<string, unknown>>;
  /** Calls of tools with a handler that were rejected: they get a result saying so and never run. */
  rejected: string[];
  /** Calls of tools with a handler whose interrupt was cancelled (or expired, or left open): likewise. */
  cancelled: string[];
}

/**
 * The frontend tool calls the resume's approvals decide: an interrupt bound to a call
 * (`toolCallId`) of a tool registered here with a handler, answered `{ approved, editedArgs? }`.
 * Calls of the agent's own tools, and calls that already have a result, are left to the agent.
 */
export function approvedCalls(
  resume: readonly ResumeEntry[],
  open: readonly Interrupt[],
  state: ThreadState,
  tools: ToolRegistry,
): ApprovedCalls {
  const result: ApprovedCalls = { run: [], editedArgs: {}, rejected: [], cancelled: [] };
  const answered = new Set(state.messages.flatMap((m) => (m.role === "tool" ? [m.toolCallId] : [])));
  for (const entry of resume) {
    const toolCallId = open.find((i) => i.id === entry.interruptId)?.toolCallId;
    if (!toolCallId || answered.has(toolCallId)) continue;
    const call = findToolCall(state.messages, toolCallId);
    if (!call || !tools.get(call.function.name)?.handler) continue;
    if (entry.status === "cancelled") {
      result.cancelled.push(toolCallId);
      continue;
    }
    const approval = approvalOf(entry.payload);
    if (!approval?.approved) {
      result.rejected.push(toolCallId);
      continue;
    }
    result.run.push(toolCallId);
    if (approval.editedArgs) result.editedArgs[toolCallId] = approval.editedArgs;
  }
  return result;
}

import type { Message } from "@tandem/react";

const PREFIX = "tool_call:";

/**
 * The call a `tool-call-progress` activity reports on: `content.toolCallId`, or the agent
 * runtime's message id `tool_call:<toolCallId>` (as core reads it into the call's `progress`).
 */
export function toolProgressCallId(message: Message): string | undefined {
  if (message.role !== "activity" || message.activityType !== "tool-call-progress") return undefined;
  const named = (message.content as { toolCallId?: unknown } | undefined)?.toolCallId;
  if (typeof named === "string") return named;
  return message.id.startsWith(PREFIX) ? message.id.slice(PREFIX.length) : undefined;
}

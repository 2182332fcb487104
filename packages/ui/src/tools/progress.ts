import { type Message, useMessage } from "@tandem/react";

const PREFIX = "tool_call:";

/**
 * The agent runtime reports a running tool's progress as an ACTIVITY_SNAPSHOT of type
 * `tool-call-progress` whose message id is `tool_call:<toolCallId>`.
 */
export function toolProgressCallId(message: Message): string | undefined {
  return message.role === "activity" && message.activityType === "tool-call-progress" && message.id.startsWith(PREFIX)
    ? message.id.slice(PREFIX.length)
    : undefined;
}

export interface ToolProgress {
  /** 0..1 */
  progress: number;
  message: string;
}

/** The latest progress reported for a tool call, if any. */
export function useToolProgress(toolCallId: string): ToolProgress | undefined {
  const activity = useMessage(`${PREFIX}${toolCallId}`);
  if (activity?.role !== "activity" || activity.activityType !== "tool-call-progress") return undefined;
  const { progress, message } = activity.content as { progress?: unknown; message?: unknown };
  return { progress: typeof progress === "number" ? progress : 0, message: typeof message === "string" ? message : "" };
}

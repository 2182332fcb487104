import { type ToolCallView, useAgent, useAgentClient } from "@tandem/react";

/** One tool call with its parsed arguments, status and result; re-renders only when it changes. */
export function useToolCallView(toolCallId: string): ToolCallView | undefined {
  const client = useAgentClient();
  // Views of unchanged calls keep their identity, so Object.is is the right comparison.
  return useAgent((s) => client.selectToolCalls(s).find((view) => view.id === toolCallId));
}

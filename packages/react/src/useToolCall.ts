import type { ToolCallView } from "@tandem/core";
import { useMemo } from "react";
import { useAgentContext } from "./context.js";
import { useStoreSelector } from "./useStoreSelector.js";

export interface UseToolCallResult extends ToolCallView {
  /** Answers the call while it waits for a person (status "awaiting-input"). */
  respond: (result: unknown) => void;
}

/** One tool call by id; re-renders only when that call changes. */
export function useToolCall(toolCallId: string): UseToolCallResult | undefined {
  const { client } = useAgentContext();
  const view = useStoreSelector(client.store, (s) => client.selectToolCalls(s).find((c) => c.id === toolCallId));
  return useMemo(() => (view ? { ...view, respond: (result: unknown) => client.respond(view.id, result) } : undefined), [client, view]);
}

import type { SubagentView } from "@tandem/core";
import { useAgentContext } from "./context.js";
import { shallowEqual, useStoreSelector } from "./useStoreSelector.js";

/**
 * The thread's subagent invocations in start order, each with its status. `{ active: true }`
 * keeps only those still running. Their messages carry `subagentRunId`.
 */
export function useSubagents(options: { active?: boolean } = {}): SubagentView[] {
  const { client } = useAgentContext();
  const active = options.active === true;
  return useStoreSelector(
    client.store,
    (s) => (active ? s.subagents.filter((a) => a.status === "running") : s.subagents),
    active ? shallowEqual : Object.is,
  );
}

import { versionsOf } from "@tandem/core";
import { useMemo } from "react";
import { useAgentContext } from "./context.js";
import { shallowEqual, useStoreSelector } from "./useStoreSelector.js";

export interface UseBranches {
  /** The version on screen, 0-based. */
  index: number;
  /** How many versions the turn has (1 when it was never edited or regenerated). */
  count: number;
  /** Shows the version before this one; switching never runs the agent. */
  previous(): void;
  next(): void;
  /** Shows version `index` (0-based). */
  select(index: number): void;
  /** Switching is possible (no run is streaming). */
  canSwitch: boolean;
}

/**
 * The versions of the turn that `messageId` begins: an edited question or a regenerated reply.
 * Re-renders only when the version, the count or whether a run streams changes.
 */
export function useBranches(messageId: string): UseBranches {
  const { client } = useAgentContext();
  const at = useStoreSelector(client.store, (s) => versionsOf(s, messageId), shallowEqual);
  const index = at?.index ?? 0;
  const count = at?.count ?? 1;
  const running = useStoreSelector(client.store, (s) => count > 1 && s.status === "running");
  return useMemo(() => {
    const select = (to: number) => client.selectBranch(messageId, to);
    return {
      index,
      count,
      canSwitch: !running,
      select,
      previous: () => select(index - 1),
      next: () => select(index + 1),
    };
  }, [client, messageId, index, count, running]);
}

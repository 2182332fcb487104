import { versionsOf } from "@tandem/core";
import { useCallback, useMemo, useSyncExternalStore } from "react";
import { useAgentContext } from "./context.js";

/** What `useBranches(messageId)` returns: the turn's versions and how to switch between them. */
export interface UseBranches {
  /** The version on screen, 0-based. */
  index: number;
  /** How many versions the turn has (1 when it was never edited or regenerated). */
  count: number;
  /** Shows the version before this one; switching never runs the agent (nor happens while one streams). */
  previous(): void;
  /** Shows the version after this one. */
  next(): void;
  /** Shows version `index` (0-based). */
  select(index: number): void;
  /** The turn's fork point: the id of the message its versions follow (`""` before the first); null without versions. */
  fork: string | null;
}

/**
 * The versions of the turn that `messageId` begins: an edited question or a regenerated reply.
 * Wakes only when the thread's message ids or versions change, never for a streamed token, so
 * every row of a long thread can ask.
 */
export function useBranches(messageId: string): UseBranches {
  const { client } = useAgentContext();
  const subscribe = useCallback((listener: () => void) => client.messages.subscribeIds(listener), [client]);
  const read = () => versionsOf(client.messages.ids, client.store.getState().branches, messageId);
  const index = useSyncExternalStore(subscribe, () => read()?.index ?? 0);
  const count = useSyncExternalStore(subscribe, () => read()?.count ?? 1);
  const fork = useSyncExternalStore(subscribe, () => read()?.key ?? null);
  return useMemo(() => {
    const select = (to: number) => client.selectBranch(messageId, to);
    return { index, count, fork, select, previous: () => select(index - 1), next: () => select(index + 1) };
  }, [client, messageId, index, count, fork]);
}

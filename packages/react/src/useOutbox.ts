import type { OutboxItem } from "@tandem/core";
import { useMemo } from "react";
import { useAgentContext } from "./context.js";
import { useStoreSelector } from "./useStoreSelector.js";

/** What `useOutbox()` returns: the messages waiting to be sent, and what the user can do with them. */
export interface UseOutbox {
  /** In the order they go out; each `queued` (after the reply), `waiting` (for the connection) or `held` (after a Stop or an error). */
  items: OutboxItem[];
  /** Takes a message out unsent. */
  remove(id: string): void;
  /** Sends what waits now, in order, whatever held it. */
  sendOn(): void;
}

/**
 * The thread's outbox: messages sent while the agent replies or while offline, not in the
 * thread yet. Re-renders only when the outbox changes, never while text streams.
 */
export function useOutbox(): UseOutbox {
  const { client } = useAgentContext();
  const items = useStoreSelector(client.store, (s) => s.outbox);
  return useMemo(() => ({ items, remove: (id) => client.outbox.remove(id), sendOn: () => client.outbox.sendOn() }), [client, items]);
}

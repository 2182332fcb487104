import type { Message } from "@tandem/core";
import { useCallback, useSyncExternalStore } from "react";
import { useAgentContext } from "./context.js";

/** Message ids in order: re-renders only when a message is added, removed or moved. */
export function useMessageIds(): readonly string[] {
  const { client } = useAgentContext();
  const index = client.messages;
  const subscribe = useCallback((listener: () => void) => index.subscribeIds(listener), [index]);
  const get = () => index.ids;
  return useSyncExternalStore(subscribe, get, get);
}

/** One message: re-renders only when that message changes. */
export function useMessage(id: string): Message | undefined {
  const { client } = useAgentContext();
  const index = client.messages;
  const subscribe = useCallback((listener: () => void) => index.subscribe(id, listener), [index, id]);
  const get = () => index.get(id);
  return useSyncExternalStore(subscribe, get, get);
}

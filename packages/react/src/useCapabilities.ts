import type { AgentCapabilities } from "@tandem/core";
import { useAgentContext } from "./context.js";
import { useStoreSelector } from "./useStoreSelector.js";

/** What the agent advertises (AG-UI `AgentCapabilities`), where the transport can read it; null until then. */
export function useCapabilities(): AgentCapabilities | null {
  const { client } = useAgentContext();
  return useStoreSelector(client.store, (s) => s.capabilities);
}

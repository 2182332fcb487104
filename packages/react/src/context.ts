import type { AgentClient, ComposerRuntime, ThreadRuntime } from "@tandem/core";
import { createContext, useContext } from "react";
import type { RenderRegistry } from "./renderRegistry.js";

export interface AgentContextValue {
  client: AgentClient;
  renderers: RenderRegistry;
  /** The thread list, when the provider keeps threads in a storage. */
  threads: ThreadRuntime | null;
  /** The message being written (kept across thread changes). */
  composer: ComposerRuntime;
}

export const AgentContext = createContext<AgentContextValue | null>(null);

export function useAgentContext(): AgentContextValue {
  const value = useContext(AgentContext);
  if (!value) throw new Error("Tandem hooks must be used inside <AgentProvider>.");
  return value;
}

/** The AgentClient behind the nearest provider, for what the hooks do not cover. */
export function useAgentClient(): AgentClient {
  return useAgentContext().client;
}

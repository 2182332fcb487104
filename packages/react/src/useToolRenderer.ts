import { type DependencyList, useEffect, useSyncExternalStore } from "react";
import { useAgentContext } from "./context.js";
import type { ToolRender } from "./renderRegistry.js";
import { useLatest } from "./useLatest.js";

/** Draws calls of a backend tool (or of every tool, with name "*") and their results. */
export function useToolRenderer(options: { name: string; render: ToolRender }, deps: DependencyList = []): void {
  const { renderers } = useAgentContext();
  const latest = useLatest(options.render);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's `deps` decide when to register again; render is read through `latest`.
  useEffect(() => renderers.addTool(options.name, (props) => latest.current(props)), [renderers, options.name, ...deps]);
}

/**
 * The renderer registered for a tool name, else the catch-all "*" one (unless `exact`);
 * follows registrations.
 */
export function useToolRender(name: string, options: { exact?: boolean } = {}): ToolRender | undefined {
  const { renderers } = useAgentContext();
  useSyncExternalStore(renderers.subscribe, renderers.getVersion, renderers.getVersion);
  return renderers.tool(name, options.exact);
}

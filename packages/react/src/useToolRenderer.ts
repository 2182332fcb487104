import { type DependencyList, useEffect, useRef, useSyncExternalStore } from "react";
import { useAgentContext } from "./context.js";
import type { ToolRender } from "./renderRegistry.js";

/** Draws calls of a backend tool (or of every tool, with name "*") and their results. */
export function useToolRenderer(options: { name: string; render: ToolRender }, deps: DependencyList = []): void {
  const { renderers } = useAgentContext();
  const latest = useRef(options.render);
  latest.current = options.render;
  useEffect(
    () => renderers.addTool(options.name, (props) => latest.current(props)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [renderers, options.name, ...deps],
  );
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

import { type DependencyList, useEffect, useSyncExternalStore } from "react";
import { useAgentContext } from "./context.js";
import type { InterruptRender } from "./renderRegistry.js";
import { useLatest } from "./useLatest.js";

/** Draws pending interrupts (the agent paused and asks); `resolve` or `cancel` lets it go on. */
export function useInterrupt(options: { render: InterruptRender }, deps: DependencyList = []): void {
  const { renderers } = useAgentContext();
  const latest = useLatest(options.render);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's `deps` decide when to register again; render is read through `latest`.
  useEffect(() => renderers.addInterrupt((props) => latest.current(props)), [renderers, ...deps]);
}

/** The interrupt renderer registered with useInterrupt, if any. */
export function useInterruptRender(): InterruptRender | undefined {
  const { renderers } = useAgentContext();
  useSyncExternalStore(renderers.subscribe, renderers.getVersion, renderers.getVersion);
  return renderers.interrupt();
}

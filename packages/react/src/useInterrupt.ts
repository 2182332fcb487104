import { type DependencyList, useEffect, useRef, useSyncExternalStore } from "react";
import { useAgentContext } from "./context.js";
import type { InterruptRender } from "./renderRegistry.js";

/** Draws pending interrupts (the agent paused and asks); `resolve` or `cancel` lets it go on. */
export function useInterrupt(options: { render: InterruptRender }, deps: DependencyList = []): void {
  const { renderers } = useAgentContext();
  const latest = useRef(options.render);
  latest.current = options.render;
  useEffect(
    () => renderers.addInterrupt((props) => latest.current(props)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [renderers, ...deps],
  );
}

/** The interrupt renderer registered with useInterrupt, if any. */
export function useInterruptRender(): InterruptRender | undefined {
  const { renderers } = useAgentContext();
  useSyncExternalStore(renderers.subscribe, renderers.getVersion, renderers.getVersion);
  return renderers.interrupt();
}

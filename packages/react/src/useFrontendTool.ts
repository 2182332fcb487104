import type { FrontendTool, InferArgs, ToolParameters } from "@tandem/core";
import { type DependencyList, useEffect } from "react";
import { useAgentContext } from "./context.js";
import type { ToolRender } from "./renderRegistry.js";
import { useLatest } from "./useLatest.js";

export interface FrontendToolOptions<P extends ToolParameters = ToolParameters> extends FrontendTool<P> {
  /** Draws the call in the chat in place of the default card. */
  render?: ToolRender<InferArgs<P>>;
}

/**
 * Gives the agent a tool that runs in the browser. With a `handler` the call runs by itself and
 * its result goes back to the agent; without one the run waits until `render` calls `respond`.
 * The latest handler and render are always used; `deps` re-register the definition.
 */
export function useFrontendTool<P extends ToolParameters>(tool: FrontendToolOptions<P>, deps: DependencyList = []): void {
  const { client, renderers } = useAgentContext();
  const latest = useLatest(tool);
  const hasHandler = tool.handler !== undefined;
  const hasRender = tool.render !== undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's `deps` decide when the definition is registered again; handler and render are read through `latest`.
  useEffect(() => {
    const { name, description, parameters, followUp } = latest.current;
    const unregister = client.registerTool({
      name,
      ...(description !== undefined && { description }),
      ...(parameters !== undefined && { parameters }),
      ...(followUp !== undefined && { followUp }),
      ...(hasHandler && { handler: (args, context) => latest.current.handler!(args as InferArgs<P>, context) }),
    } as FrontendTool);
    const unrender = hasRender ? renderers.addTool(name, (props) => latest.current.render?.(props as never)) : undefined;
    return () => {
      unrender?.();
      unregister();
    };
  }, [client, renderers, tool.name, hasHandler, hasRender, ...deps]);
}

/** A frontend tool without a handler: `render` shows the call and answers it with `respond`. */
export interface HumanInTheLoopOptions<P extends ToolParameters = ToolParameters> extends Omit<FrontendToolOptions<P>, "handler"> {}

/** A tool the agent calls to ask a person: the run waits until `render` calls `respond`. */
export function useHumanInTheLoop<P extends ToolParameters>(tool: HumanInTheLoopOptions<P>, deps?: DependencyList): void {
  useFrontendTool(tool, deps);
}

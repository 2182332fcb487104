import { useAgent, useAgentClient } from "@tandem/react";
import { useEffect } from "react";
import { LazyConfirmation } from "./lazyParts.js";

/**
 * Starts loading a part that loads on first use as soon as the agent's state says it will be
 * needed, ahead of the render that shows it: the confirmation, as a call of a tool that waits for
 * a person (registered without a handler) streams its arguments.
 */
export function usePreloadParts(): void {
  const client = useAgentClient();
  const confirming = useAgent((s) =>
    client.selectToolCalls(s).some((call) => {
      if (call.status === "awaiting-input") return true;
      const tool = call.status === "streaming" ? client.tools.get(call.name) : undefined;
      return tool !== undefined && tool.handler === undefined;
    }),
  );
  useEffect(() => {
    if (confirming) LazyConfirmation.preload().catch(() => undefined);
  }, [confirming]);
}

import type { BaseEvent } from "@tandem/core";
import { useEffect } from "react";
import { useAgentContext } from "./context.js";
import { useLatest } from "./useLatest.js";

/** Calls `listener` with every validated event of the thread's runs, as it arrives. The latest listener is always used. */
export function useAgentEvent(listener: (event: BaseEvent) => void): void {
  const { client } = useAgentContext();
  const latest = useLatest(listener);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `latest` is a ref; the listener is read through it.
  useEffect(() => client.onEvent((event) => latest.current(event)), [client]);
}

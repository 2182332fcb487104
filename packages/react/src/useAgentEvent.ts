import type { BaseEvent } from "@tandem/core";
import { useEffect, useRef } from "react";
import { useAgentContext } from "./context.js";

/** Calls `listener` with every validated event of the thread's runs, as it arrives. The latest listener is always used. */
export function useAgentEvent(listener: (event: BaseEvent) => void): void {
  const { client } = useAgentContext();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => client.onEvent((event) => latest.current(event)), [client]);
}

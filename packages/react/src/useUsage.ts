import type { TokenUsage } from "@tandem/core";
import { useAgentContext } from "./context.js";
import { shallowEqual, useStoreSelector } from "./useStoreSelector.js";

/** What `useUsage()` returns: token usage for the last run and the thread. */
export interface Usage {
  /** What the last finished run reported (one entry per provider and model); empty if nothing. */
  run: TokenUsage[];
  /** The thread's total, one entry per provider and model. */
  thread: TokenUsage[];
}

const NONE: TokenUsage[] = [];

/** Token usage from `RUN_FINISHED.usage`, for the last run and the whole thread. */
export function useUsage(): Usage {
  const { client } = useAgentContext();
  return useStoreSelector(
    client.store,
    (s) => ({ run: (s.runId !== null ? s.usage.byRun[s.runId] : undefined) ?? NONE, thread: s.usage.thread }),
    shallowEqual,
  );
}

import { useSubagents, useUsage } from "@tandem/react";

export function Working() {
  // #region subagents
  const all = useSubagents(); // [{ id, name, description?, status, error?, result? }]
  const working = useSubagents({ active: true }); // status "running" only
  // #endregion subagents
  // #region usage
  const { run, thread } = useUsage(); // TokenUsage[]: { provider?, model?, inputTokens?, outputTokens?, totalTokens?, … }
  // #endregion usage
  return <p>{`${working.length} of ${all.length}; ${run.length} ${thread.length}`}</p>;
}

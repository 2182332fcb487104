import type { StoredThread, ThreadChange } from "./types.js";

/**
 * The thread fields a save writes over the stored ones: the saving tab's, but for the run's
 * (`runningSince`, `resumePoint`), which stay as stored when the save says `keepRun`. Only the
 * tab that runs a thread, ends its run or takes it over says where the run is; a save from any
 * other tab (a message queued there, a rating) must not clear the mark of a run going on
 * elsewhere, or the tabs would take the thread for idle and start a run beside it.
 */
export function mergeRun(
  stored: Pick<StoredThread, "runningSince" | "resumePoint"> | null | undefined,
  change: Pick<ThreadChange, "thread" | "keepRun">,
): ThreadChange["thread"] {
  if (!change.keepRun) return change.thread;
  const { runningSince: _since, resumePoint: _point, ...fields } = change.thread;
  return {
    ...fields,
    ...(stored?.runningSince && { runningSince: stored.runningSince }),
    ...(stored?.resumePoint && { resumePoint: stored.resumePoint }),
  };
}

import { type RestorableThread, restoredState } from "../storage/restoredState.js";
import type { ThreadStore } from "../store/createThreadStore.js";
import { asOfRunStart } from "./exactResume.js";
import type { RunLoop } from "./runLoop.js";

/** How long after its last event a run cut by a reload is read on, by default. */
const WINDOW_MS = 120_000;

/**
 * Puts a stored thread back into the store. A thread a reload cut mid-reply, saved with a resume
 * point less than `windowMs` old by a transport that resumes streams, reads its run on: the thread
 * is put back as the run found it (`asOfRunStart`: the reply so far put aside, the state from
 * before the run) and the run read again from its first event, so each event applies once.
 * Otherwise the partial reply stays, marked as an error that Retry picks up from. Returns the
 * run read on, which settles once it has ended; undefined when none is.
 */
export function restoreThread(
  loop: RunLoop,
  store: ThreadStore,
  thread: RestorableThread,
  how: "whole" | "merge" | "follow",
  windowMs = WINDOW_MS,
): Promise<void> | undefined {
  const cut = how === "whole" ? thread.runningSince : undefined;
  if (cut) loop.messageIdsBeforeRun = new Set(cut);
  const point = cut && thread.resumePoint;
  const before = point?.before;
  if (!point || !before || !loop.canResume || Date.now() - point.at > windowMs) {
    store.update((s) => restoredState(s, thread, how));
    return;
  }
  // The thread as the run found it, so that reading the run again applies each event once.
  store.update((s) => restoredState(s, asOfRunStart(thread, before), how));
  return loop.enqueue({ resumeRun: { runId: point.runId, firstEventId: point.firstEventId } });
}

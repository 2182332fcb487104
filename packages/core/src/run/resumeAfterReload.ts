import { type RestorableThread, restoredState } from "../storage/restoredState.js";
import type { ThreadStore } from "../store/createThreadStore.js";
import type { RunLoop } from "./runLoop.js";

/** How long after its last event a run cut by a reload is read on, by default. */
const WINDOW_MS = 120_000;

/**
 * Puts a stored thread back into the store. A thread a reload cut mid-reply, saved with a resume
 * point less than `windowMs` old by a transport that resumes streams, reads its run on: the reply
 * so far is put aside and read again from the run's first event, so it is whole and shown once.
 * Otherwise the partial reply stays, marked as an error that Retry picks up from.
 */
export function restoreThread(
  loop: RunLoop,
  store: ThreadStore,
  thread: RestorableThread,
  how: "whole" | "merge" | "follow",
  windowMs = WINDOW_MS,
): void {
  const cut = how === "whole" ? thread.runningSince : undefined;
  if (cut) loop.messageIdsBeforeRun = new Set(cut);
  const point = cut && thread.resumePoint;
  if (!point || !loop.canResume || Date.now() - point.at > windowMs) {
    store.update((s) => restoredState(s, thread, how));
    return;
  }
  const before = new Set(cut);
  const { runningSince: _, ...rest } = thread;
  store.update((s) => restoredState(s, { ...rest, messages: thread.messages.filter((m) => before.has(m.id)) }, how));
  void loop.enqueue({ resumeRun: { runId: point.runId, firstEventId: point.firstEventId } });
}

import type { OutboxNetwork } from "../outbox/network.js";
import { released } from "../outbox/released.js";
import type { ResumePoint } from "../storage/types.js";
import type { ThreadStore } from "../store/createThreadStore.js";
import { whenBack } from "../transport/deviceWait.js";
import { asOfRunStart } from "./exactResume.js";
import type { RunRequest } from "./runRequest.js";

/** What reading on a run that gave up needs of the run loop that ran it. */
export interface StalledRunLoop {
  /** Another tab owns the thread's runs: this one follows them and starts none. */
  readonly following: boolean;
  /** The thread was left: no run starts any more. */
  readonly isDisposed: boolean;
  enqueue(request: RunRequest): Promise<void>;
}

/**
 * A run whose reconnecting gave up (it failed as truncated, its partial reply kept, Retry
 * offered) is read on from its resume point the first time the page becomes visible again or the
 * device comes back online, as a reload would read it on: the thread put back as the run found
 * it, the run read again after its first event (same `runId`, `Last-Event-ID`), so each event
 * applies once. Once, and only while the thread still shows that run's failure: not after Stop,
 * Retry, a new message or another run, not in a tab that follows another tab's run, not once
 * the thread was left. Without a `network` (outside a browser, `network: false`) it never is.
 * Messages the failure held go after the run read on, as after Retry. Returns a function that
 * stops waiting. Loaded with the reconnecting reader.
 */
export function readOnWhenBack(
  loop: StalledRunLoop,
  store: ThreadStore,
  network: OutboxNetwork | null | undefined,
  point: ResumePoint | null,
): () => void {
  const before = point?.before;
  if (!network || !point || !before) return () => {};
  return whenBack(network, () => {
    const s = store.getState();
    if (loop.following || loop.isDisposed || s.status !== "error" || s.error?.kind !== "truncated" || s.runId !== point.runId) return;
    store.update((t) => {
      const { messages, state } = asOfRunStart(t, before);
      // As Retry does: what the failure held goes after the run read on, with no "Send on".
      return { ...t, messages, state, outbox: t.outbox.map(released) };
    });
    void loop.enqueue({ resumeRun: { runId: point.runId, firstEventId: point.firstEventId } });
  });
}

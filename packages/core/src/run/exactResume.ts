import type { RestorableThread } from "../storage/restoredState.js";
import type { RunStart } from "../storage/types.js";

/**
 * A thread saved mid-run, as the run found it: its state and messages from before the run's
 * first event (those the run changed put back as they were). Reading the run again from its
 * first event then applies each event once: a `STATE_DELTA` append is not doubled, a remove by
 * index removes the item the server meant, an `ACTIVITY_DELTA` lands once.
 */
export function asOfRunStart(thread: RestorableThread, before: RunStart): RestorableThread {
  const changed = new Map(before.changed.map((m) => [m.id, m]));
  const stored = new Map(thread.messages.map((m) => [m.id, m]));
  const messages = before.messageIds.flatMap((id) => {
    const message = changed.get(id) ?? stored.get(id);
    return message ? [message] : [];
  });
  const { runningSince: _, ...rest } = thread;
  return { ...rest, messages, state: before.state };
}

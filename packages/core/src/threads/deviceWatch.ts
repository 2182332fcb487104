import type { StoredThread } from "../storage/types.js";
import { RUN_WINDOW_MS, runOnOtherDevice } from "./otherDevice.js";
import { sameThread } from "./sameThread.js";
import type { Session } from "./types.js";

/** What watching another device's run needs of the `ThreadKeeper` that keeps the session's thread. */
export interface DeviceWatchHost {
  /** Reads the stored thread again: null when there is none, or it cannot be read now. */
  load(): Promise<StoredThread | null>;
  /** Keeps the session's thread from `loaded` on with this device's persistence (`reportsRun`: see `PersistOptions`). */
  keep(loaded: StoredThread | null, reportsRun: boolean): void;
}

/** How `watchOtherDevice` decides and waits. */
export interface DeviceWatchOptions {
  /** This device's id (`deviceId`). */
  device: string | undefined;
  /**
   * A run is taken to go on this long after the last event its owner saved; and the owner as
   * gone once the stored thread, still marked mid-run, has not changed for this long (default
   * `RUN_WINDOW_MS`, two minutes, as long as a reload reads a run on).
   */
  windowMs?: number;
  /** Waits between reads of the stored thread (ms, the last repeated); the first ones after a joined run ends. */
  pauses?: readonly number[];
}

const PAUSES = [100, 250, 500, 1000, 2000];

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

/**
 * Watches a run another device owns (`runOnOtherDevice`), read-only: the session's client
 * follows it (`state.following`: no tool handlers, follow-ups or answers; messages sent wait in
 * the outbox) and joins its stream (the transport's `resume` URL, or the run's request again
 * with `Last-Event-ID`), read from its first event over the thread as the run found it, so each
 * event shows once and the reply streams live. When the joined run ends, the stored thread is
 * read again (soon, then less often) until its owner's save shows what came next: its next run
 * (its follow-up after a frontend tool, joined the same way), or the chain's end, where this
 * device stops following and may act. A transport that cannot join shows the owner's saves as
 * they are read. No save here says where the run is: its owner does.
 *
 * The owner gone (its stored thread still marked mid-run, unchanged for `windowMs`): this device
 * takes the thread. A joined run that ended whole is kept and saved as this device's; otherwise
 * the stored copy is taken as a reload would take it (read on within the window, else the reply
 * marked cut, with Retry).
 */
export async function watchOtherDevice(
  session: Session,
  first: StoredThread,
  host: DeviceWatchHost,
  { device, windowMs = RUN_WINDOW_MS, pauses = PAUSES }: DeviceWatchOptions,
): Promise<void> {
  const { client, controller } = session;
  const { signal } = controller;
  client.follow(true);
  session.watching = true;
  // A follower's saves would say the run is its own: none until it stops following.
  session.persistence?.discard();
  session.persistence = null;
  const joins = (await client.transport.catch(() => null))?.resumable === true;
  let stored: StoredThread | null = first;
  /** The run last joined: a stored copy still marking it is older than what was streamed. */
  let joined: string | undefined;
  let changedAt = Date.now();
  let waits = 0;
  while (!signal.aborted && stored?.runningSince) {
    const point = runOnOtherDevice(stored, device, Date.now(), windowMs);
    if (point && point.runId !== joined && joins && point.before) {
      joined = point.runId;
      const reading = client.restore(stored, { takeOver: true });
      if (reading) {
        await reading;
        changedAt = Date.now();
        waits = 0;
        stored = (await host.load()) ?? stored;
        continue;
      }
    }
    if (stored.resumePoint?.runId !== joined && !sameThread(stored, client.state)) client.restore(stored, { replace: true });
    if (Date.now() - changedAt > windowMs) {
      if (signal.aborted) return;
      ownerGone(session, stored, host, joined !== undefined);
      return;
    }
    await pause(pauses[Math.min(waits++, pauses.length - 1)]!, signal);
    if (signal.aborted) return;
    const next: StoredThread | null = await host.load();
    // Unreadable for now: the last copy stays, and is read again.
    if (!next) continue;
    if (next.updatedAt !== stored.updatedAt) changedAt = Date.now();
    stored = next;
  }
  if (signal.aborted) return;
  // The run is over (or the thread is gone): this device may act.
  session.watching = false;
  if (stored && !sameThread(stored, client.state)) client.restore(stored, { replace: true });
  client.follow(false);
  host.keep(stored, false);
}

/** The owner of the run went away mid-run: this device takes the thread. */
function ownerGone(session: Session, stored: StoredThread, host: DeviceWatchHost, joined: boolean): void {
  const { client } = session;
  session.watching = false;
  client.follow(false);
  const s = client.state;
  if (joined && s.status === "idle" && s.error === null && s.lastOutcome === "success") {
    // The run was streamed here to its end: this copy is the newest, saved whole as this device's.
    host.keep(null, true);
    void session.persistence?.flush();
    return;
  }
  client.restore(stored, { takeOver: true });
  host.keep(client.state.messages === stored.messages ? stored : null, true);
}

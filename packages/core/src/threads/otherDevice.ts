import type { ResumePoint, StoredThread } from "../storage/types.js";

/** How long after its last event a stored run is taken to go on, by default (as a reload reads one on). */
export const RUN_WINDOW_MS = 120_000;

/**
 * The run a stored thread shows going on in another device, or null. It is another device's when
 * its resume point names a device other than `device` (a point without one, saved by an older
 * version, or with this device's: this browser's tabs decide with Web Locks, as before), and it
 * goes on while the thread is marked mid-run and the point is less than `windowMs` old. Such a
 * run is followed read-only: this device never runs its tools or follow-ups.
 */
export function runOnOtherDevice(
  stored: Pick<StoredThread, "runningSince" | "resumePoint"> | null,
  device: string | undefined,
  now = Date.now(),
  windowMs = RUN_WINDOW_MS,
): ResumePoint | null {
  const point = stored?.runningSince ? stored.resumePoint : undefined;
  if (!point?.device || point.device === device || !(now - point.at <= windowMs)) return null;
  return point;
}

import type { Interrupt } from "@ag-ui/core";

/**
 * When an interrupt stops being answerable, on this machine's clock (ms since the epoch), or
 * null when it never does: no `expiresAt`, or one that does not parse as a date (the spec says
 * such a value leaves the interrupt unexpired).
 *
 * `offsetMs` is how far the agent's clock runs ahead of this one (its `RUN_FINISHED.timestamp`
 * minus the time the event arrived here): the deadline is moved by it, so a skewed clock on
 * either side neither expires an interrupt early nor keeps it open late.
 */
export function interruptDeadline(interrupt: Pick<Interrupt, "expiresAt">, offsetMs = 0): number | null {
  if (typeof interrupt.expiresAt !== "string") return null;
  const at = Date.parse(interrupt.expiresAt);
  return Number.isFinite(at) ? at - offsetMs : null;
}

/** Past this, a difference between the clocks says the timestamp is not milliseconds since the epoch (seconds, say): it is ignored. */
const PLAUSIBLE_SKEW_MS = 24 * 60 * 60 * 1000;

/**
 * How far the agent's clock runs ahead of this one, from an event's `timestamp` (ms since the
 * epoch) and when it arrived here; 0 without one, or when the difference is over a day (not a
 * clock that drifted but a timestamp in another unit).
 */
export function clockOffset(serverTimestamp: unknown, receivedAt: number): number {
  if (typeof serverTimestamp !== "number" || !Number.isFinite(serverTimestamp)) return 0;
  const offset = serverTimestamp - receivedAt;
  return Math.abs(offset) > PLAUSIBLE_SKEW_MS ? 0 : offset;
}

import { checkDecisions, noDecisions } from "../interrupts/decisions.js";
import { MAX_OUTBOX_REMOVED } from "../outbox/mergeOutbox.js";
import type { StoredThread } from "../storage/types.js";

/**
 * The stored ids of messages removed unsent that can be trusted: distinct strings of a sane
 * length, the latest `MAX_OUTBOX_REMOVED`; anything else (a corrupt record, another app's) dropped.
 */
export function checkOutboxRemoved(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const ids = new Set<string>();
  // Only the end of the list is read: a hostile one of millions costs no more than a sane one.
  const first = Math.max(0, value.length - 4 * MAX_OUTBOX_REMOVED);
  for (let i = value.length - 1; i >= first && ids.size < MAX_OUTBOX_REMOVED; i--) {
    const id: unknown = value[i];
    if (typeof id === "string" && id.length > 0 && id.length <= 500) ids.add(id);
  }
  return ids.size > 0 ? [...ids].reverse() : undefined;
}

const OUTBOX_STATES = new Set(["queued", "waiting", "unreachable", "held"]);

/** Throws when a record is not a thread Tandem wrote (corrupt, or another app's). */
export function checkStoredThread(thread: StoredThread): StoredThread {
  const ok =
    typeof thread === "object" &&
    thread !== null &&
    typeof thread.id === "string" &&
    Array.isArray(thread.messages) &&
    thread.messages.every((m) => typeof m === "object" && m !== null && typeof m.id === "string" && typeof m.role === "string") &&
    Array.isArray(thread.interrupts ?? []) &&
    typeof (thread.toolCallStatus ?? {}) === "object" &&
    typeof (thread.branches ?? {}) === "object" &&
    Array.isArray(thread.outbox ?? []) &&
    (thread.outbox ?? []).every((i) => typeof i?.id === "string" && OUTBOX_STATES.has(i.state)) &&
    typeof (thread.feedback ?? {}) === "object";
  if (!ok)
    throw new TypeError(
      `The stored thread "${String((thread as { id?: unknown })?.id)}" is not in a shape Tandem can read; it was left as it is.`,
    );
  const interrupts = (thread.interrupts ?? []).filter((i) => typeof i === "object" && i !== null && typeof i.id === "string");
  const decisions = checkDecisions(thread.decisions, interrupts);
  const outboxRemoved = checkOutboxRemoved(thread.outboxRemoved);
  return {
    ...thread,
    outboxRemoved,
    interrupts,
    decisions: noDecisions(decisions) ? undefined : decisions,
    toolCallStatus: thread.toolCallStatus ?? {},
    branches: thread.branches ?? {},
    title: thread.title ?? "",
  };
}

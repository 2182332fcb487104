import { checkDecisions, noDecisions } from "../interrupts/decisions.js";
import type { StoredThread } from "../storage/types.js";

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
  return {
    ...thread,
    interrupts,
    decisions: noDecisions(decisions) ? undefined : decisions,
    toolCallStatus: thread.toolCallStatus ?? {},
    branches: thread.branches ?? {},
    title: thread.title ?? "",
  };
}

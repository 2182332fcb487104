import { mergeOutbox } from "../outbox/mergeOutbox.js";
import type { OutboxItem, ThreadState } from "../types.js";
import type { StoredThread } from "./types.js";

/** What `AgentClient.restore` takes of a stored thread. */
export type RestorableThread = Pick<
  StoredThread,
  | "messages"
  | "state"
  | "interrupts"
  | "toolCallStatus"
  | "runningSince"
  | "branches"
  | "outbox"
  | "outboxRemoved"
  | "feedback"
  | "resumePoint"
  | "decisions"
>;

/**
 * A thread with a stored one put back. `whole`, it replaces what the thread shows, a reply that
 * a reload cut off marked as an error that Retry picks up from; `follow` (another tab's newer
 * copy) replaces it too; `merge` (the user sent a message while it was read) keeps what the
 * thread shows, after the stored messages.
 */
export function restoredState(s: ThreadState, thread: RestorableThread, how: "whole" | "merge" | "follow"): ThreadState {
  if (how === "merge") {
    const ids = new Set(s.messages.map((m) => m.id));
    return {
      ...s,
      messages: [...thread.messages.filter((m) => !ids.has(m.id)), ...s.messages],
      branches: { ...thread.branches, ...s.branches },
      state: s.state ?? thread.state,
      outbox: outboxOf(thread, s.outbox),
      // Ratings given here while it was read are the newest.
      feedback: { ...thread.feedback, ...s.feedback },
    };
  }
  // Another tab's copy saved mid-reply is that tab's reply going on, not one a reload cut off.
  const cut = how === "whole" ? thread.runningSince : undefined;
  return {
    ...s,
    messages: thread.messages,
    branches: thread.branches ?? {},
    state: thread.state,
    interrupts: thread.interrupts,
    toolCallStatus: thread.toolCallStatus,
    outbox: how === "follow" ? followedOutbox(thread, s.outbox) : outboxOf(thread, s.outbox),
    feedback: thread.feedback ?? {},
    status: cut ? "error" : thread.interrupts.length > 0 ? "awaiting-input" : "idle",
    error: cut ? { kind: "truncated", message: "The reply was cut off when the page was reloaded." } : null,
  };
}

/**
 * Another tab's copy of the outbox, with the items only this tab holds that the copy neither
 * sent nor removed (queued here since its last save): none is lost to a copy that missed it.
 */
function followedOutbox(thread: RestorableThread, local: OutboxItem[]): OutboxItem[] {
  const stored = thread.outbox ?? [];
  const sent = new Set(thread.messages.map((m) => m.id));
  for (const point of Object.values(thread.branches ?? {})) for (const version of point.versions) for (const m of version) sent.add(m.id);
  const merged = mergeOutbox(local.length > 0 ? { outbox: local } : null, thread, (id) => sent.has(id)).outbox;
  return merged.length === stored.length && merged.every((item, i) => item === stored[i]) ? stored : merged;
}

/** The stored outbox, less what the stored thread already holds as messages, then what was sent here while it was read. */
function outboxOf(thread: RestorableThread, local: OutboxItem[]): OutboxItem[] {
  const sent = new Set(thread.messages.map((m) => m.id));
  const stored = (thread.outbox ?? []).filter((i) => !sent.has(i.id) && !local.some((l) => l.id === i.id));
  return stored.length === 0 ? local : [...stored, ...local];
}

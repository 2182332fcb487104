import type { ThreadState } from "../types.js";
import type { StoredThread } from "./types.js";

/** What `AgentClient.restore` takes of a stored thread. */
export type RestorableThread = Pick<
  StoredThread,
  "messages" | "state" | "interrupts" | "toolCallStatus" | "runningSince" | "branches" | "resumePoint"
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
    status: cut ? "error" : thread.interrupts.length > 0 ? "awaiting-input" : "idle",
    error: cut ? { kind: "truncated", message: "The reply was cut off when the page was reloaded." } : null,
  };
}

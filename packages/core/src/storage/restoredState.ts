import type { ThreadState } from "../types.js";
import type { StoredThread } from "./types.js";

/** What `AgentClient.restore` takes of a stored thread. */
export type RestorableThread = Pick<StoredThread, "messages" | "state" | "interrupts" | "toolCallStatus" | "runningSince" | "branches">;

/**
 * A thread with a stored one put back. Into an untouched thread it comes back whole, a reply
 * that a reload cut off marked as an error that Retry picks up from. Messages sent before the
 * stored thread arrived (it is read while the user may already type) stay, after it.
 */
export function restoredState(s: ThreadState, thread: RestorableThread): ThreadState {
  if (s.messages.length > 0 || s.status !== "idle") {
    const ids = new Set(s.messages.map((m) => m.id));
    return {
      ...s,
      messages: [...thread.messages.filter((m) => !ids.has(m.id)), ...s.messages],
      branches: { ...thread.branches, ...s.branches },
      state: s.state ?? thread.state,
    };
  }
  const cut = thread.runningSince;
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

import type { RunStart } from "../storage/types.js";
import type { ThreadState } from "../types.js";

/** The thread as a run found it, given its messages now: the ids from then, and those changed since as they were. */
export function runStart(started: Pick<ThreadState, "state" | "messages">, now: ThreadState["messages"]): RunStart {
  const current = new Map(now.map((m) => [m.id, m]));
  return {
    state: started.state,
    messageIds: started.messages.map((m) => m.id),
    changed: started.messages.filter((m) => current.get(m.id) !== m),
  };
}

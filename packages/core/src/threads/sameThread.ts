import type { StoredThread } from "../storage/types.js";
import type { ThreadState } from "../types.js";

/** Whether a stored thread shows what the client shows: the same path, versions, state and open questions. */
export function sameThread(stored: StoredThread, state: ThreadState): boolean {
  return fingerprint(stored) === fingerprint(state);
}

function fingerprint(
  t: Pick<StoredThread, "messages" | "branches" | "state" | "interrupts" | "toolCallStatus" | "outbox" | "feedback">,
): string {
  const branches = Object.entries(t.branches ?? {})
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, p]) => [key, p.active, p.versions.map((v) => v.map((m) => m.id))]);
  return safeJson([
    t.messages.map((m) => [m.id, m.content, m.role === "assistant" ? m.toolCalls : null]),
    branches,
    t.state,
    t.interrupts,
    t.toolCallStatus,
    (t.outbox ?? []).map((i) => [i.id, i.state]),
    Object.keys(t.feedback ?? {}).length > 0 ? t.feedback : null,
  ]);
}

/** JSON for comparing; a value JSON cannot hold (BigInt, a cycle) compares as different from everything. */
function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return `unserializable:${Math.random()}`;
  }
}

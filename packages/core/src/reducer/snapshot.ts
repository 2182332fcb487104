import type { Event, EventType, Message } from "@ag-ui/core";
import type { Draft } from "./draft.js";
import { setToolStatus } from "./toolResults.js";

/**
 * The key under which a MESSAGES_SNAPSHOT says which activity types it owns, as the official
 * client reads its metadata (`authoritativeActivityTypes`): `null` owns all, a list owns those,
 * `undefined` (or no such field) leaves it to the legacy inference. The validation pipeline
 * (loaded with the first run) sets it, so the reducer itself never loads `@ag-ui/client`. A
 * symbol: listeners and JSON never see it.
 */
export const OWNED_ACTIVITY_TYPES: unique symbol = Symbol("tandem.ownedActivityTypes");

/** A MESSAGES_SNAPSHOT as the reducer reads it: with the activity types it owns, when the pipeline set them. */
export type MessagesSnapshot = Extract<Event, { type: EventType.MESSAGES_SNAPSHOT }> & {
  [OWNED_ACTIVITY_TYPES]?: string[] | null | undefined;
};

/** A snapshot replaces and removes messages by id; client-only activity and reasoning survive. */
export function reconcileSnapshot(draft: Draft, event: MessagesSnapshot): void {
  const incoming = event.messages.map((m) => {
    if ((m as { subagentRunId?: string | null }).subagentRunId !== null) return m;
    const { subagentRunId: _drop, ...rest } = m as Message & { subagentRunId?: string | null };
    return rest as Message;
  });
  const byId = new Map(incoming.map((m) => [m.id, m]));
  const owned = event[OWNED_ACTIVITY_TYPES];
  const hasActivity = incoming.some((m) => m.role === "activity");
  const hasReasoning = incoming.some((m) => m.role === "reasoning");
  const keepClientOnly = (m: Message) =>
    (m.role === "activity" && (owned ? !owned.includes(m.activityType) : owned !== null && !hasActivity)) ||
    (m.role === "reasoning" && !hasReasoning);
  // The snapshot's order wins (the message the user just sent follows the history it brings,
  // and the rows of a long thread do not shift by one when that message was first); each
  // client-only message that survives stays after the message it followed.
  const current = draft.state.messages;
  const kept = new Map<string, Message>();
  const following = new Map<string | undefined, Message[]>();
  let after: string | undefined;
  for (const m of current) {
    if (byId.has(m.id)) {
      kept.set(m.id, m);
      after = m.id;
    } else if (keepClientOnly(m)) following.set(after, [...(following.get(after) ?? []), m]);
  }
  const next = [...(following.get(undefined) ?? [])];
  for (const m of incoming) {
    const old = kept.get(m.id);
    next.push(old !== undefined && sameJson(m, old) ? old : m, ...(following.get(m.id) ?? []));
  }
  const statuses = draft.state.toolCallStatus;
  for (const m of next) {
    if (m.role === "tool" && statuses[m.toolCallId] !== "complete" && statuses[m.toolCallId] !== "error") {
      setToolStatus(draft, m.toolCallId, "complete");
    }
  }
  draft.state.messages = draft.adopt(next);
}

/** Keeps identity for messages a snapshot repeats unchanged, so their rows do not re-render. */
function sameJson(a: Message, b: Message): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

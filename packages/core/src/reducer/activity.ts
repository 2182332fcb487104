import type { ActivityMessage, Event, EventType } from "@ag-ui/core";
import type { Draft } from "./draft.js";
import { findMessageIndex } from "./draft.js";
import type { applyPatch } from "./patch.js";
import { withMetadata } from "./withMetadata.js";

type Of<T extends EventType> = Extract<Event, { type: T }>;

/**
 * An activity snapshot: a new activity message, or the one with its id replaced (keeping its
 * place), or with `replace: false` only its metadata merged.
 */
export function applyActivitySnapshot(draft: Draft, event: Of<EventType.ACTIVITY_SNAPSHOT>): void {
  const s = draft.state;
  const i = findMessageIndex(s.messages, event.messageId);
  const existing = i >= 0 ? s.messages[i] : undefined;
  const replace = event.replace ?? true;
  const fresh: ActivityMessage = {
    id: event.messageId,
    role: "activity",
    activityType: event.activityType,
    content: structuredClone(event.content),
    ...(event.subagentRunId != null && { subagentRunId: event.subagentRunId }),
  };
  if (!existing) {
    withMetadata(fresh, event);
    draft.messages.push(draft.adopt(fresh));
  } else if (!replace) {
    if (existing.role === "activity" && event.metadata !== undefined) withMetadata(draft.message(i), event);
  } else {
    const next = draft.adopt(existing.role === "activity" ? { ...existing, ...fresh } : fresh);
    if (event.subagentRunId == null) delete next.subagentRunId;
    withMetadata(next, event);
    draft.messages[i] = next;
  }
}

/** An activity delta: a JSON Patch to an activity message's content; a patch that fails leaves it as it was. */
export function applyActivityDelta(draft: Draft, event: Of<EventType.ACTIVITY_DELTA>, patch: typeof applyPatch): void {
  const s = draft.state;
  const i = findMessageIndex(s.messages, event.messageId);
  if (i < 0) return;
  const existing = s.messages[i]!;
  if (existing.role !== "activity") {
    warn(`ACTIVITY_DELTA: '${event.messageId}' is not an activity message`);
    return;
  }
  const result = patch(existing.content, event.patch ?? []);
  if (!result.ok) {
    warn(`Failed to apply activity patch for '${event.messageId}'; kept as it was: ${result.reason}`);
    return;
  }
  const next = draft.message(i) as ActivityMessage;
  next.content = result.value as ActivityMessage["content"];
  next.activityType = event.activityType;
  withMetadata(next, event);
}

function warn(message: string): void {
  console.warn(`[tandem] ${message}`);
}

import type { ActivityMessage, Event, EventType } from "@ag-ui/core";
import type { DiagnosticRuleId } from "../diagnostics/types.js";
import type { Draft } from "./draft.js";
import { findMessageIndex } from "./draft.js";
import { type applyPatch, patchRule } from "./patch.js";
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

/** Reports an event the reducer refuses, with the rule it broke (`reducerParts.refuse`). */
export type Refuse = (rule: DiagnosticRuleId, event: Event, detail?: string) => void;

/**
 * An activity delta: a JSON Patch to an activity message's content. One for a message that is
 * not an activity the thread has, or whose patch fails, is refused and leaves it as it was.
 */
export function applyActivityDelta(draft: Draft, event: Of<EventType.ACTIVITY_DELTA>, patch: typeof applyPatch, refuse: Refuse): void {
  const s = draft.state;
  const i = findMessageIndex(s.messages, event.messageId);
  const existing = s.messages[i];
  if (existing?.role !== "activity") {
    refuse("activity.unknown-target", event);
    return;
  }
  const result = patch(existing.content, event.patch ?? []);
  if (!result.ok) {
    refuse(patchRule(result), event, result.reason);
    return;
  }
  const next = draft.message(i) as ActivityMessage;
  next.content = result.value as ActivityMessage["content"];
  next.activityType = event.activityType;
  withMetadata(next, event);
}

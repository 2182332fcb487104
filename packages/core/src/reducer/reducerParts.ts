import { type BaseEvent, type Event, EventType } from "@ag-ui/core";
import { eventWatchOf } from "../diagnostics/runWatches.js";
import type { DiagnosticRuleId } from "../diagnostics/types.js";
import { applyActivityDelta, applyActivitySnapshot } from "./activity.js";
import type { Draft } from "./draft.js";
import { applyPatch, patchRule } from "./patch.js";
import { applyPredictions, readPredictions } from "./predictState.js";
import { reconcileSnapshot } from "./snapshot.js";

/** The events the less common half of the reducer applies. */
export type RareEvent = Extract<
  Event,
  { type: EventType.STATE_DELTA | EventType.MESSAGES_SNAPSHOT | EventType.ACTIVITY_SNAPSHOT | EventType.ACTIVITY_DELTA }
>;

/** The id a refused event's message names, for the warning. */
function targetOf(event: BaseEvent): string {
  const e = event as { messageId?: unknown; toolCallId?: unknown };
  const id = e.messageId ?? e.toolCallId;
  return typeof id === "string" ? ` '${id}'` : "";
}

/**
 * An event the reducer would not apply as it came, with the rule it broke: warned about, and told
 * to the diagnostics of the run that delivered it (where its client keeps them).
 */
function refuse(rule: DiagnosticRuleId, event: BaseEvent, detail?: string): void {
  console.warn(`[tandem] ${event.type}${targetOf(event)} not applied as sent (${rule})${detail ? `: ${detail}` : ""}`);
  eventWatchOf(event)?.report({ rule, frame: event, ...(detail !== undefined && { detail }) });
}

/**
 * The reducer's less common work: JSON Patch (`STATE_DELTA`, `ACTIVITY_DELTA`), activity
 * messages, `MESSAGES_SNAPSHOT` and predictive state. `reduceEvents` carries it; a client's store
 * gets it with the validation pipeline, which every event of a run goes through first, so an
 * app's first load carries none of it.
 */
export const reducerParts = {
  /** Applies one of the {@link RareEvent}s to the draft. */
  apply(draft: Draft, event: RareEvent): void {
    const s = draft.state;
    switch (event.type) {
      case EventType.STATE_DELTA: {
        const result = applyPatch(s.state, event.delta);
        if (result.ok) s.state = result.value;
        // The official client's words, which the AG-UI conformance corpus looks for in the warning.
        else refuse(patchRule(result), event, `Failed to apply state patch; the state is kept as it was: ${result.reason}`);
        return;
      }
      case EventType.MESSAGES_SNAPSHOT:
        reconcileSnapshot(draft, event);
        return;
      case EventType.ACTIVITY_SNAPSHOT:
        applyActivitySnapshot(draft, event);
        return;
      case EventType.ACTIVITY_DELTA:
        applyActivityDelta(draft, event, applyPatch, refuse);
        return;
    }
  },
  refuse,
  readPredictions,
  applyPredictions,
};

/** The reducer's less common work ({@link reducerParts}), or null where it has not loaded. */
export type ReducerParts = typeof reducerParts | null;

import { type Event, EventType } from "@ag-ui/core";
import { applyActivityDelta, applyActivitySnapshot } from "./activity.js";
import type { Draft } from "./draft.js";
import { applyPatch } from "./patch.js";
import { applyPredictions, readPredictions } from "./predictState.js";
import { reconcileSnapshot } from "./snapshot.js";

/** The events the less common half of the reducer applies. */
export type RareEvent = Extract<
  Event,
  { type: EventType.STATE_DELTA | EventType.MESSAGES_SNAPSHOT | EventType.ACTIVITY_SNAPSHOT | EventType.ACTIVITY_DELTA }
>;

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
        else console.warn(`[tandem] Failed to apply state patch; the state is kept as it was: ${result.reason}`);
        return;
      }
      case EventType.MESSAGES_SNAPSHOT:
        reconcileSnapshot(draft, event);
        return;
      case EventType.ACTIVITY_SNAPSHOT:
        applyActivitySnapshot(draft, event);
        return;
      case EventType.ACTIVITY_DELTA:
        applyActivityDelta(draft, event, applyPatch);
        return;
    }
  },
  readPredictions,
  applyPredictions,
};

/** The reducer's less common work ({@link reducerParts}), or null where it has not loaded. */
export type ReducerParts = typeof reducerParts | null;

import { type BaseEvent, EventType } from "@ag-ui/core";
import { createStore } from "zustand/vanilla";
import { findMessageIndex } from "../reducer/draft.js";
import { flattenGrown } from "../reducer/flatten.js";
import { reduceEvents } from "../reducer/reduceEvents.js";
import type { ThreadState } from "../types.js";
import { nextFrame, type Schedule } from "./frame.js";

/** Events that change what a person must react to: published at once, never held for a frame. */
const IMMEDIATE = new Set<string>([
  EventType.RUN_STARTED,
  EventType.RUN_FINISHED,
  EventType.RUN_ERROR,
  EventType.TOOL_CALL_END,
  EventType.TOOL_CALL_RESULT,
  EventType.MESSAGES_SNAPSHOT,
  // A subagent starting or ending is a status a person watches, like a run's.
  EventType.SUBAGENT_STARTED,
  EventType.SUBAGENT_FINISHED,
  EventType.SUBAGENT_ERROR,
]);

const NOTHING = () => {};

/**
 * The first words of a reply go on screen at once, not a frame later: a text delta for a
 * message that has shown no text yet. Later deltas of it wait for the frame.
 */
function startsText(state: ThreadState, event: BaseEvent): boolean {
  if (event.type !== EventType.TEXT_MESSAGE_CONTENT) return false;
  const id = (event as { messageId?: string }).messageId;
  const last = state.messages.at(-1);
  if (last !== undefined && last.id === id) return last.content === "" || last.content === undefined;
  const index = findMessageIndex(state.messages, id ?? "");
  return index < 0 || !state.messages[index]!.content;
}

/** A thread's state and its updates: a zustand store that folds AG-UI events in. */
export interface ThreadStore {
  /** The state as last published. */
  getState(): ThreadState;
  /** Calls `listener` with the new and previous state on each publish; returns an unsubscribe. */
  subscribe(listener: (state: ThreadState, previous: ThreadState) => void): () => void;
  /** Folds an event in. Streaming deltas are batched and published at most once per frame. */
  dispatch(event: BaseEvent): void;
  /** Applies held events, then `recipe`, and publishes at once. */
  update(recipe: (state: ThreadState) => ThreadState): void;
  /** Publishes held events now. */
  flush(): void;
}

/** A `ThreadStore` starting at `initial`; `schedule` decides when batched deltas are published (default once per animation frame). */
export function createThreadStore(initial: ThreadState, schedule: Schedule = nextFrame): ThreadStore {
  return storeWith(reduceEvents, initial, schedule);
}

/** `createThreadStore` folding events in with `reduce` (an `AgentClient`'s patches with the code its runs load). @internal */
export function storeWith(
  reduce: (state: ThreadState, events: readonly BaseEvent[]) => ThreadState,
  initial: ThreadState,
  schedule: Schedule = nextFrame,
): ThreadStore {
  const store = createStore<ThreadState>()(() => initial);
  let held: BaseEvent[] = [];
  let cancel: (() => void) | null = null;

  const publish = (next: ThreadState) => {
    if (next !== store.getState()) store.setState(next, true);
  };
  const drain = (state: ThreadState) => {
    const pending = cancel;
    cancel = null;
    pending?.();
    if (held.length === 0) return state;
    const events = held;
    held = [];
    const next = reduce(state, events);
    flattenGrown(next, events);
    return next;
  };
  const flush = () => publish(drain(store.getState()));

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    flush,
    update: (recipe) => publish(recipe(drain(store.getState()))),
    dispatch(event) {
      held.push(event);
      if (IMMEDIATE.has(event.type) || startsText(store.getState(), event)) flush();
      else if (!cancel) {
        cancel = NOTHING;
        const scheduled = schedule(flush);
        // A scheduler may run the flush at once; then there is nothing left to cancel.
        if (cancel === NOTHING) cancel = scheduled;
      }
    },
  };
}

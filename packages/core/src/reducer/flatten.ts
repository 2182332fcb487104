import { type BaseEvent, type Event, EventType } from "@ag-ui/core";
import type { ThreadState } from "../types.js";
import { findMessageIndex, findToolCall } from "./draft.js";

/**
 * Text grown a delta at a time is, in V8, a rope with a node for every delta: a 10,000-token
 * reply keeps about 800 KB for its 59 KB of text. Reading a character makes the engine flatten
 * it in place, so everything holding the string shares one flat copy from then on.
 */
export function flatten(text: unknown): void {
  if (typeof text === "string") text.charCodeAt(0);
}

/**
 * Flattens the text that `events` grew in `state`: message content and tool-call arguments.
 * The store calls it once a frame, so a rope never holds more than a frame's deltas. A view
 * keeps the snapshot of an earlier frame alive (React does, in its alternate fibers and in
 * `useSyncExternalStore`'s effect); that snapshot then pins a flat string, not a node per delta.
 * It costs a copy of each growing text once a frame, never once a delta.
 */
export function flattenGrown(state: ThreadState, events: readonly BaseEvent[]): void {
  let messageId: string | undefined;
  let toolCallId: string | undefined;
  for (const event of events as readonly Event[]) {
    if (event.type === EventType.TEXT_MESSAGE_CONTENT || event.type === EventType.REASONING_MESSAGE_CONTENT) {
      if (event.messageId === messageId) continue;
      messageId = event.messageId;
      flatten(state.messages[findMessageIndex(state.messages, messageId)]?.content);
    } else if (event.type === EventType.TOOL_CALL_ARGS) {
      if (event.toolCallId === toolCallId) continue;
      toolCallId = event.toolCallId;
      flatten(findToolCall(state.messages, toolCallId)?.function.arguments);
    }
  }
}

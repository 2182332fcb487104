import { authoritativeActivityTypes, CompatibilityBoundary, enforceEvents, transformChunks, verifyEvents } from "@ag-ui/client";
import { type BaseEvent, EventType, type MessagesSnapshotEvent, type RunAgentInput } from "@ag-ui/core";
import { defer, from, map, type Observable, tap } from "rxjs";
import { type MessagesSnapshot, OWNED_ACTIVITY_TYPES } from "../reducer/snapshot.js";
import { onInterruptOutcome } from "./onInterrupt.js";
import { warnOnProducerVersion } from "./protocolVersion.js";
import { threadOwners } from "./threadOwners.js";
import type { RunHooks, Transport } from "./types.js";

// The reducer's less common half (JSON Patch, activity, snapshots, predictive state) comes with
// the pipeline: a client's store applies those events with it, and every event of a run passes
// through here first.
export { reducerParts } from "../reducer/reducerParts.js";

/**
 * The run's events as the official client would deliver them to its reducer: legacy shapes
 * translated, unknown events and fields dropped, chunks expanded, ordering verified (with the
 * thread's history in view, so no continuation goes into another subagent's message). We take
 * this stream instead of `runAgent`, which deep-clones every message on every event.
 */
export function pipeline(transport: Transport, input: RunAgentInput, signal: AbortSignal, hooks?: RunHooks): Observable<BaseEvent> {
  // The official pipeline starts from an agent; it only calls its `run`.
  const source = { run: (i: RunAgentInput) => defer(() => from(transport.run(i, signal, hooks))) };
  const owners = threadOwners(input);
  return new CompatibilityBoundary().run(input, source as never).pipe(
    tap(warnOnProducerVersion),
    enforceEvents(undefined),
    transformChunks(undefined),
    map(owners.tell),
    verifyEvents(undefined),
    map(owners.heard),
    // LangGraph's interrupts as @ag-ui/langgraph reports them by default (CUSTOM on_interrupt): the run's interrupt outcome.
    map(onInterruptOutcome()),
    // Which activity types a snapshot owns, read here so the reducer needs no @ag-ui/client.
    map((event): BaseEvent => {
      if (event.type !== EventType.MESSAGES_SNAPSHOT) return event;
      const snapshot = event as MessagesSnapshotEvent;
      return { ...snapshot, [OWNED_ACTIVITY_TYPES]: authoritativeActivityTypes(snapshot) } satisfies MessagesSnapshot;
    }),
  );
}

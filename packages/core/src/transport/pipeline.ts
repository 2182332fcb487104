import { authoritativeActivityTypes, CompatibilityBoundary, enforceEvents, transformChunks, verifyEvents } from "@ag-ui/client";
import { type BaseEvent, EventType, type MessagesSnapshotEvent, type RunAgentInput } from "@ag-ui/core";
import { defer, from, identity, type MonoTypeOperatorFunction, map, type Observable, tap } from "rxjs";
import { loadDiagnosticsRecorder } from "../diagnostics/lazyRecorder.js";
import type { DiagnosedClient } from "../diagnostics/recorder.js";
import { type PipelineStage, runWatchOf } from "../diagnostics/runWatches.js";
import { type MessagesSnapshot, OWNED_ACTIVITY_TYPES } from "../reducer/snapshot.js";
import { loadWebSocket } from "./lazyWebSocket.js";
import { onInterruptOutcome } from "./onInterrupt.js";
import { warnOnProducerVersion } from "./protocolVersion.js";
import { threadOwners } from "./threadOwners.js";
import type { AgUiOptions, RunHooks, Transport } from "./types.js";

// The reducer's less common half (JSON Patch, activity, snapshots, predictive state) comes with
// the pipeline: a client's store applies those events with it, and every event of a run passes
// through here first.
export { reducerParts } from "../reducer/reducerParts.js";

/** Starts recording a client's diagnostics (`diagnostics` option); the recorder is a chunk of its own, loaded only for this. */
export const recordDiagnostics = async (client: DiagnosedClient): Promise<void> =>
  (await loadDiagnosticsRecorder()).recordDiagnostics(client);

/** The WebSocket transport for `options` (`websocket` option); a chunk of its own, loaded only for this. */
export const webSocketTransport = async (options: AgUiOptions): Promise<Transport> => (await loadWebSocket()).webSocketTransport(options);

type Step = MonoTypeOperatorFunction<BaseEvent>;

/** The always-on pre-1.0 compatibility boundary (a middleware of the official client), as a step of the stream. */
const compatibility =
  (input: RunAgentInput): Step =>
  (events) =>
    // It calls `run` once, at once, after upgrading the request's message content in place.
    new CompatibilityBoundary().run(input, { run: () => events } as never);

/** Which activity types a snapshot owns, read here so the reducer needs no @ag-ui/client. */
function ownedActivityTypes(event: BaseEvent): BaseEvent {
  if (event.type !== EventType.MESSAGES_SNAPSHOT) return event;
  const snapshot = event as MessagesSnapshotEvent;
  return { ...snapshot, [OWNED_ACTIVITY_TYPES]: authoritativeActivityTypes(snapshot) } satisfies MessagesSnapshot;
}

/**
 * The run's events as the official client would deliver them to its reducer: legacy shapes
 * translated, unknown events and fields dropped, chunks expanded, ordering verified (with the
 * thread's history in view, so no continuation goes into another subagent's message). We take
 * this stream instead of `runAgent`, which deep-clones every message on every event. Where the
 * client keeps diagnostics, each stage is watched for what it refuses, repairs or strips, and the
 * transport for answers the request did not expect; elsewhere the stages run as they are.
 */
export function pipeline(transport: Transport, input: RunAgentInput, signal: AbortSignal, hooks?: RunHooks): Observable<BaseEvent> {
  const watch = runWatchOf(input);
  const stage = (name: PipelineStage, step: Step): Step => (watch ? watch.stage(name, step) : step);
  const runHooks = watch ? watch.hooks(hooks) : hooks;
  const source = defer(() => from(transport.run(input, signal, runHooks)));
  const owners = threadOwners(input);
  return (watch ? watch.source(source) : source)
    .pipe(
      stage("compatibility", compatibility(input)),
      tap(warnOnProducerVersion),
      stage("enforcement", enforceEvents(undefined)),
      stage("chunks", transformChunks(undefined)),
    )
    .pipe(
      // rxjs types a pipe of up to nine steps.
      map(owners.tell),
      stage("verification", verifyEvents(undefined)),
      map(owners.heard),
      // LangGraph's interrupts as @ag-ui/langgraph reports them by default (CUSTOM on_interrupt): the run's interrupt outcome.
      stage("interrupts", map(onInterruptOutcome())),
      map(ownedActivityTypes),
      watch ? watch.delivered(signal) : identity,
    );
}

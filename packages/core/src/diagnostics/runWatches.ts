import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import type { MonoTypeOperatorFunction, Observable } from "rxjs";
import type { RunHooks } from "../transport/types.js";
import type { DiagnosticReport } from "./types.js";

/** A step of the validation pipeline, by name: what a run's diagnostics watch it for. */
export type PipelineStage = "compatibility" | "enforcement" | "chunks" | "verification" | "interrupts";

/**
 * What a run's pipeline and reducer ask of the run's diagnostics (`RunDiagnostics`, in the chunk
 * that loads only where a client keeps diagnostics). Each method returns what it was given,
 * watched: nothing of a run changes because it is watched.
 */
export interface RunWatch {
  /** Records what a stage or a transport did with a frame, or an answer it did not expect. */
  report(report: DiagnosticReport): void;
  /** The run's hooks for its transport, with `diagnose` for what the transport skips or repairs. */
  hooks(hooks: RunHooks | undefined): RunHooks;
  /** The transport's events: a failure there is an answer the request did not expect. */
  source(events: Observable<BaseEvent>): Observable<BaseEvent>;
  /** A pipeline stage, watched for the frames it refuses, repairs or strips. */
  stage(name: PipelineStage, operator: MonoTypeOperatorFunction<BaseEvent>): MonoTypeOperatorFunction<BaseEvent>;
  /** The events as they leave the pipeline: each can report to this run later (the reducer's refusals); a stream that stops short is reported. */
  delivered(signal: AbortSignal): MonoTypeOperatorFunction<BaseEvent>;
}

const runs = new WeakMap<RunAgentInput, RunWatch>();
const events = new WeakMap<object, RunWatch>();

/** Watches the run that sends `input` (called as the request goes out, before its pipeline is built). */
export function watchRun(input: RunAgentInput, watch: RunWatch): void {
  runs.set(input, watch);
}

/** The diagnostics of the run that sends `input`; undefined where the client keeps none. */
export function runWatchOf(input: RunAgentInput): RunWatch | undefined {
  return runs.get(input);
}

/** `event` left the pipeline of the run `watch` watches: what the reducer refuses of it is reported there. */
export function watchEvent(event: BaseEvent, watch: RunWatch): void {
  events.set(event, watch);
}

/** The diagnostics of the run that delivered `event`; undefined where its client keeps none. */
export function eventWatchOf(event: BaseEvent): RunWatch | undefined {
  return events.get(event);
}

import { type BaseEvent, EventType, type RunAgentInput } from "@ag-ui/core";
import { type MonoTypeOperatorFunction, type Observable, pipe, tap } from "rxjs";
import { clock } from "../recording/eventLog.js";
import { isAbort, toAgentError } from "../run/errors.js";
import type { RunHooks } from "../transport/types.js";
import type { BoundedLog } from "../util/boundedLog.js";
import { sameFrame, strippedPaths } from "./compareFrames.js";
import { frameText } from "./frameText.js";
import { DIAGNOSTIC_RULES } from "./rules.js";
import { type PipelineStage, type RunWatch, watchEvent } from "./runWatches.js";
import type { Diagnostic, DiagnosticReport, DiagnosticRuleId } from "./types.js";

/** The event types AG-UI 1.0 defines: what the enforcement stage lets through. */
const KNOWN_TYPES = new Set<string>(Object.values(EventType));

/** The rule a stage broke when it throws: the event it was reading is refused, and the run ends. */
const REFUSED_BY: Record<PipelineStage, DiagnosticRuleId> = {
  compatibility: "event.schema",
  enforcement: "event.schema",
  chunks: "event.chunk",
  verification: "event.order",
  interrupts: "event.schema",
};

const isEnd = (event: BaseEvent) => event.type === EventType.RUN_FINISHED || event.type === EventType.RUN_ERROR;

/** The message of a failure, for a diagnostic's `detail`. */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The diagnostics of one run: watches its transport, each stage of its validation pipeline and
 * what leaves it, and writes one `Diagnostic` into the client's log per frame refused, repaired,
 * de-duplicated or stripped, and per answer the request did not expect. A failure is reported
 * once, where it started: a stage that passes on a failure from before it says nothing of it.
 */
export class RunDiagnostics implements RunWatch {
  /** Failures already reported (by a stage, or a transport's report): the stages after pass them on silently. */
  private readonly reported = new WeakSet<object>();

  constructor(
    private readonly input: RunAgentInput,
    private readonly log: BoundedLog<Diagnostic>,
  ) {}

  report({ rule, frame, instead, detail, cause }: DiagnosticReport): void {
    if (typeof cause === "object" && cause !== null) this.reported.add(cause);
    const { action, summary, link, instead: otherwise } = DIAGNOSTIC_RULES[rule];
    this.log.append({
      rule,
      action,
      summary,
      link,
      frame: frameText(frame),
      instead: instead ?? otherwise,
      ...(detail !== undefined && { detail }),
      threadId: this.input.threadId,
      runId: this.input.runId,
      at: clock(),
    });
  }

  hooks(hooks: RunHooks = {}): RunHooks {
    return { ...hooks, diagnose: (report) => this.report(report) };
  }

  source(events: Observable<BaseEvent>): Observable<BaseEvent> {
    return events.pipe(tap({ error: (error: unknown) => this.unexpected(error) }));
  }

  stage(name: PipelineStage, operator: MonoTypeOperatorFunction<BaseEvent>): MonoTypeOperatorFunction<BaseEvent> {
    // The stages compared here map one event to at most one, in the same turn: the event that
    // comes out is the last one that went in.
    let last: BaseEvent | undefined;
    return pipe(
      tap((event: BaseEvent) => {
        last = event;
        if (name === "enforcement" && !KNOWN_TYPES.has(event.type)) this.report({ rule: "event.unknown-type", frame: event });
      }),
      operator,
      tap({
        next: (event) => this.compare(name, last, event),
        error: (error: unknown) => {
          if (this.isNew(error)) this.report({ rule: REFUSED_BY[name], frame: last, detail: messageOf(error), cause: error });
        },
      }),
    );
  }

  delivered(signal: AbortSignal): MonoTypeOperatorFunction<BaseEvent> {
    let last: BaseEvent | undefined;
    let ended = false;
    return tap({
      next: (event) => {
        watchEvent(event, this);
        last = event;
        if (event.type === EventType.RUN_STARTED) ended = false;
        else if (isEnd(event)) ended = true;
      },
      complete: () => {
        if (signal.aborted) return;
        if (!last) this.report({ rule: "run.empty", frame: "" });
        else if (!ended) this.report({ rule: "run.truncated", frame: last });
      },
    });
  }

  /** What a stage made of `before`: a repair, or fields stripped. */
  private compare(name: PipelineStage, before: BaseEvent | undefined, after: BaseEvent): void {
    if (!before || before === after) return;
    if (name === "compatibility" && !sameFrame(before, after)) {
      this.report({ rule: "event.legacy-shape", frame: before, instead: `Converted it to its AG-UI 1.0 form (${after.type}).` });
    } else if (name === "enforcement") {
      const paths = strippedPaths(before, after);
      if (paths.length > 0) this.report({ rule: "event.unknown-field", frame: before, detail: paths.join(", ") });
    } else if (name === "interrupts") {
      this.report({ rule: "interrupt.on-interrupt", frame: before });
    }
  }

  /** A failure no stage or transport reported yet, and not a stop. */
  private isNew(error: unknown): boolean {
    return !(typeof error === "object" && error !== null && this.reported.has(error)) && !isAbort(error);
  }

  /** A failure of the transport: the answer the run's request got was not the one it expected. */
  private unexpected(error: unknown): void {
    if (!this.isNew(error)) return;
    const failure = toAgentError(error);
    const detail = messageOf(error);
    if (failure.kind === "http") {
      const { status, payload } = error as { status?: number; payload?: unknown };
      this.report({ rule: "request.http", frame: { status, body: payload }, detail: failure.message, cause: error });
    } else if (failure.kind === "network") {
      this.report({ rule: "request.network", frame: detail, detail: failure.message, cause: error });
    } else if (failure.kind === "truncated") {
      this.report({ rule: "run.truncated", frame: detail, detail, cause: error });
    } else {
      // What the transport could not read: a frame that is not an event (`parseEvent`), a cut protobuf message.
      this.report({ rule: "frame.invalid", frame: detail, detail, cause: error });
    }
  }
}

import { type BaseEvent, type Context, EventType, type RunAgentInput, type RunFinishedEvent } from "@ag-ui/core";
import { NO_DECISIONS } from "../interrupts/decisions.js";
import { clockOffset } from "../interrupts/expiry.js";
import type { OutboxNetwork } from "../outbox/network.js";
import { endSubagents, reduceWith } from "../reducer/reduceEvents.js";
import type { ResumePoint } from "../storage/types.js";
import type { ThreadStore } from "../store/createThreadStore.js";
import type { ToolRegistry } from "../tools/registry.js";
import { loadedReducerParts, type RunHooks, type Transport, validatedEvents } from "../transport/index.js";
import { loadReconnect } from "../transport/lazyReconnect.js";
import type { AgentError, ThreadState } from "../types.js";
import { RunFailure, toAgentError } from "./errors.js";
import { InterruptAnswers } from "./interruptAnswers.js";
import { readRun } from "./readRun.js";
import { runInput } from "./runInput.js";
import { RunQueue } from "./runQueue.js";
import type { RunRequest } from "./runRequest.js";
import { markPendingCalls } from "./status.js";
import { StreamPosition } from "./streamPosition.js";
import { batchCalls, restoredCalls, withToolResult } from "./toolBatch.js";
import { failure } from "./toolRunner.js";
import { CANCELLED, ToolSettler } from "./toolSettler.js";
import { refuseUncarried } from "./uncarried.js";

/** What the loop needs from the client that owns it. */
export interface RunLoopHost {
  readonly store: ThreadStore;
  readonly tools: ToolRegistry;
  readonly transport: Promise<Transport>;
  /** Read when a request is built, so the app's latest values go out. */
  input(): { context: Context[]; forwardedProps: Record<string, unknown> };
  /** Tells the server to stop this run, when it is told that way; the next run waits for it. */
  stopOnServer(runId: string): Promise<void> | null;
  readonly eventListeners: ReadonlySet<(event: BaseEvent) => void>;
  readonly runListeners: ReadonlySet<(input: RunAgentInput) => void>;
  /** A run failed: true when the outbox keeps its unanswered messages to send later (then no error shows). */
  failed?(error: AgentError): boolean;
  /** Told when a request and its follow-ups are over (the outbox sends what waited for them). */
  settled?(): void;
  /** Whether the device is online and the page visible (the `network` option); null: not known, a drop is not waited out. */
  network?(): OutboxNetwork | null;
}

/**
 * The run loop of one thread: runs are serialized; frontend tools run when a run ends with
 * their calls pending, and the follow-up run starts once every result is in. Nothing here
 * rejects: every failure goes through `fail`, to `state.error` or to the outbox that keeps it.
 */
export class RunLoop {
  readonly settler = new ToolSettler();
  /** Answers to the run's interrupts, and the run that carries them. */
  readonly answers: InterruptAnswers;
  /** The runs, one after another; a run starts once this tab owns the thread's runs. */
  readonly queue = new RunQueue((request) => this.runRequest(request));
  /** The transport once it has loaded, so a run need not wait a turn for it. */
  private loadedTransport: Transport | null = null;
  /** The request or tool batch in progress. */
  private controller: AbortController | null = null;
  /** The run whose stream is open, for the `stop` URL. */
  private openRunId: string | null = null;
  /** A stop request on its way to the server: the next run waits for it, or the server may refuse it. */
  private stopping: Promise<void> | null = null;
  private lastRequest: RunRequest = {};
  /** Where the open run's stream is: what a reload reads on from. */
  private readonly position: StreamPosition;
  /** The messages from before the last run: Retry keeps these and drops the rest. */
  messageIdsBeforeRun = new Set<string>();
  private disposed = false;
  /** Stops waiting to read on the last run whose reconnecting gave up (see `readOnWhenBack`). */
  private unstall?: () => void;
  /** Another tab owns the run going on: this one runs no tools, follow-ups or answers, and sends nothing. */
  following = false;

  constructor(private readonly host: RunLoopHost) {
    this.position = new StreamPosition(host.store);
    this.answers = new InterruptAnswers({
      store: host.store,
      tools: host.tools,
      enqueue: (request) => this.enqueue(request),
      following: () => this.following,
    });
    // A dialect that fails to load is reported by the run that needs it, not as an unhandled rejection.
    host.transport.then(
      (transport) => {
        this.loadedTransport = transport;
      },
      () => undefined,
    );
  }

  private get state(): ThreadState {
    return this.host.store.getState();
  }

  /**
   * Where the open run's stream is, when its events have ids: what a reload reads on from, with
   * the thread as the run found it (so a reload applies each of the run's events once).
   */
  get resumePoint(): ResumePoint | null {
    return this.position.resumePoint;
  }

  /** The transport can read on in a run a reload cut (`Transport.resumable`). */
  get canResume(): boolean {
    return this.loadedTransport?.resumable === true && this.position.resumable;
  }

  /** A request or tool batch is in progress, or another tab's run is being followed. */
  get busy(): boolean {
    return this.controller !== null || this.following;
  }

  /** Queues a run; plain runs queued together share one. */
  enqueue(request: RunRequest): Promise<void> {
    return this.queue.enqueue(request);
  }

  /** Aborts the request and any tool handlers, and tells the server where it listens for that. */
  abort(): void {
    // A run joined as a follower is another's: leaving it stops nothing on the server.
    if (this.openRunId !== null && !this.following) {
      const sent = this.host.stopOnServer(this.openRunId);
      if (sent) {
        this.stopping = sent;
        void sent.then(() => {
          if (this.stopping === sent) this.stopping = null;
        });
      }
    }
    this.controller?.abort();
  }

  /** Runs the last request again, without the failed run's partial output. */
  retry(): Promise<void> {
    const keep = this.messageIdsBeforeRun;
    this.host.store.update((s) => ({ ...s, messages: s.messages.filter((m) => keep.has(m.id)), error: null, status: "idle" }));
    return this.enqueue(this.lastRequest);
  }

  /** Tool calls waiting for a person get a cancelled result; open interrupts are cancelled next run. */
  closeOpenQuestions(): void {
    this.settler.cancelAll(failure(CANCELLED));
    this.answers.abandonOpen();
  }

  /** A thread restored with frontend calls unanswered picks them up once their tools exist. */
  resumePendingToolCalls(): void {
    const s = this.state;
    if (s.status !== "idle" || this.controller || this.disposed || this.following) return;
    const { tools } = this.host;
    const ids = restoredCalls(s, tools, (id) => this.settler.isWaiting(id));
    if (ids.length === 0) return;
    this.host.store.update((state) => markPendingCalls(state, ids, tools));
    void this.enqueue({ toolCallIds: ids });
  }

  /** The thread reports the failure; the run's steps and subagents end with it. */
  fail(error: AgentError): void {
    const kept = this.host.failed?.(error) === true;
    this.host.store.update((s) => ({
      ...s,
      ...(kept ? { status: "idle", error: null } : { status: "error", error }),
      reconnecting: false,
      steps: [],
      subagents: endSubagents(s.subagents, error.message),
    }));
  }

  /** No further runs start. */
  dispose(): void {
    this.disposed = true;
    this.unstall?.();
    this.answers.dispose();
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  /** Runs a request and its follow-ups. The one place a failure of any kind is caught. */
  private async runRequest(request: RunRequest): Promise<void> {
    let next: RunRequest | null = request;
    try {
      while (next && !this.disposed) {
        next = next.toolCallIds ? await this.settleToolCalls(next.toolCallIds, new AbortController(), next) : await this.runOnce(next);
      }
    } catch (error) {
      this.controller = null;
      this.openRunId = null;
      // A run that already failed with the agent's RUN_ERROR keeps that failure: what the server
      // sends after it (a RUN_FINISHED the protocol refuses there, a drop) is not the user's news.
      if (this.state.status === "error" && this.state.error?.kind === "agent") {
        console.warn(`[tandem] the agent sent more after its RUN_ERROR: ${error instanceof Error ? error.message : String(error)}`);
      } else this.fail(toAgentError(error));
    }
    this.host.settled?.();
  }

  /** One request to the agent. Resolves to the follow-up to run next, if any. */
  private async runOnce(request: RunRequest): Promise<RunRequest | null> {
    const controller = new AbortController();
    const { store } = this.host;
    this.controller = controller;
    // Retry after a resume that failed asks for a new run.
    const { resumeRun, ...again } = request;
    this.lastRequest = again;
    this.messageIdsBeforeRun = new Set(this.state.messages.map((m) => m.id));
    this.position.start();
    store.update((s) =>
      s.status === "running" && s.error === null && s.interrupts.length === 0 && s.decisions === NO_DECISIONS
        ? s
        : { ...s, status: "running", error: null, interrupts: [], decisions: NO_DECISIONS },
    );
    const answersLoading = this.answers.pending();
    if (answersLoading) await answersLoading;
    const app = this.host.input();
    const input = runInput(
      this.state,
      this.host.tools,
      { context: app.context, ...this.answers.route(request.resume, app.forwardedProps) },
      request,
    );
    if (this.stopping) await this.stopping;
    let transport = this.loadedTransport;
    if (!transport) {
      try {
        transport = await this.host.transport;
      } catch (error) {
        throw new RunFailure({ kind: "network", message: `Could not load the transport: ${(error as Error).message}` });
      }
    }
    if (!controller.signal.aborted) {
      refuseUncarried(input.messages, transport.attachmentKinds);
      for (const listener of this.host.runListeners) listener(input);
      this.openRunId = input.runId;
      try {
        const network = this.host.network?.();
        const hooks: RunHooks = {
          ...this.position.hooks(input.runId, resumeRun),
          network,
          // Reconnecting gave up: the run is read on when the page is visible again or the device back online.
          onGaveUp: () => {
            // A run that gave up before stops waiting: only the last one can be read on.
            this.unstall?.();
            this.unstall = loadReconnect.loaded()?.readOnWhenBack(this, this.host.store, network, this.resumePoint);
          },
        };
        let events = validatedEvents(transport, input, controller.signal, hooks);
        if (events instanceof Promise) {
          events = events.catch((error: Error) => {
            throw new RunFailure({ kind: "network", message: `Could not load Tandem's event validation: ${error.message}` });
          });
        }
        await readRun(events, controller.signal, (event) => this.apply(event));
      } finally {
        this.openRunId = null;
        this.position.end();
      }
    }
    if (this.controller === controller) this.controller = null;
    if (controller.signal.aborted) {
      store.update((s) => ({ ...s, status: "idle", error: null, steps: [] }));
      return null;
    }
    // A run followed (joined read-only): its tools, answers and follow-ups are its owner's.
    if (this.following) return null;
    const s = this.state;
    // Told once the stream ends: a run that failed before another began on the stream (a replayed thread) is not the chat's failure.
    if (s.status === "error") this.host.failed?.(s.error!);
    const unheard = this.answers.unheard(input, s.messages);
    if (unheard.length > 0) store.update((state) => ({ ...state, messages: [...state.messages, ...unheard] }));
    if (s.status === "error" || s.lastOutcome !== "success") return null;
    if (unheard.length > 0) return {};
    const pending = s.runToolCallIds.filter((id) => s.toolCallStatus[id] === "executing" || s.toolCallStatus[id] === "awaiting-input");
    return this.settleToolCalls(pending, controller);
  }

  /** One validated event: to the listeners, then into the store (a run's end at once, with its pending calls marked). */
  private apply(event: BaseEvent): void {
    for (const listener of this.host.eventListeners) listener(event);
    const { store, tools } = this.host;
    if (event.type === EventType.RUN_FINISHED) {
      const { outcome } = event as RunFinishedEvent;
      if (outcome?.type === "interrupt") this.answers.arrived(outcome.interrupts, clockOffset(event.timestamp, Date.now()));
    }
    if (event.type !== EventType.RUN_FINISHED && event.type !== EventType.RUN_ERROR) {
      store.dispatch(event);
      return;
    }
    store.update((s) => {
      const next = reduceWith(loadedReducerParts(), s, [event]);
      return next.status === "idle" && next.lastOutcome === "success" ? markPendingCalls(next, next.runToolCallIds, tools) : next;
    });
  }

  /**
   * Runs handlers and waits for answers; each result lands as soon as it is ready. A request
   * that carries a `resume` (approved calls) always goes on to the run that sends it.
   */
  private async settleToolCalls(ids: string[], controller: AbortController, request: RunRequest = {}): Promise<RunRequest | null> {
    const then = request.resume ? { resume: request.resume } : null;
    if (ids.length === 0) return then;
    const { store, tools } = this.host;
    const calls = batchCalls(this.state.messages, ids, tools, request.editedArgs);
    this.controller = controller;
    const { followUp, failed } = await this.settler.settle(calls, controller.signal, (id, outcome) =>
      store.update((state) => withToolResult(state, id, outcome, this.settler.waitingCount > 0)),
    );
    if (this.controller === controller) this.controller = null;
    const suppressed = this.settler.takeSuppressed();
    if (then) {
      if (!controller.signal.aborted) return then;
      // Stopped while approved tools ran: the answers still go to the agent, with the next run.
      this.answers.ledger.carry(then.resume);
    }
    if (controller.signal.aborted || suppressed || !followUp) {
      // With no follow-up run, no agent will answer the failure: the thread reports it.
      if (failed && !controller.signal.aborted && !followUp) this.fail({ kind: "tool", message: failed });
      else store.update((s) => (s.status === "idle" ? s : { ...s, status: "idle" }));
      return null;
    }
    return {};
  }
}

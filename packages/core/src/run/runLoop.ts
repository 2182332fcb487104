import {
  type BaseEvent,
  type Context,
  EventType,
  type Interrupt,
  PROTOCOL_VERSION,
  type ResumeEntry,
  type RunAgentInput,
  type RunFinishedEvent,
} from "@ag-ui/core";
import { v4 as randomUUID } from "uuid";
import { approvedCalls } from "../interrupts/approvedCalls.js";
import { type InterruptDecisions, NO_DECISIONS } from "../interrupts/decisions.js";
import { clockOffset } from "../interrupts/expiry.js";
import { findToolCall } from "../reducer/draft.js";
import { addToolResult, endSubagents, reduceWith } from "../reducer/reduceEvents.js";
import type { ResumePoint, RunStart } from "../storage/types.js";
import type { ThreadStore } from "../store/createThreadStore.js";
import type { ToolRegistry } from "../tools/registry.js";
import { loadedPatcher, type RunHooks, type Transport, validatedEvents } from "../transport/index.js";
import type { AgentError, ThreadState } from "../types.js";
import { CommandResume } from "../transport/langGraphInterrupts.js";
import { RunFailure, toAgentError } from "./errors.js";
import { InterruptLedger } from "./interruptLedger.js";
import { readRun } from "./readRun.js";
import { markPendingCalls, statusOf } from "./status.js";
import { failure, toolMessage } from "./toolRunner.js";
import { CANCELLED, ToolSettler } from "./toolSettler.js";
import { refuseUncarried } from "./uncarried.js";

/** What a run carries beyond the thread itself. */
export interface RunRequest {
  resume?: ResumeEntry[];
  /** Settle these pending frontend tool calls first (a thread restored with calls unanswered, or approved ones). */
  toolCallIds?: string[];
  /** Merged over the client's `forwardedProps` for this request only (e.g. an A2UI user action). */
  forwardedProps?: Record<string, unknown>;
  /** Approve with edits: the arguments these calls run with, by toolCallId. */
  editedArgs?: Record<string, Record<string, unknown>>;
  /** Read on in a run a reload cut (its id and first event), rather than start one. */
  resumeRun?: Pick<ResumePoint, "runId" | "firstEventId">;
}

/**
 * Which tab owns the thread's runs (see `RunOwner`): a run and its follow-ups start once this
 * tab holds the ownership, and it is let go when no run is left.
 */
export interface RunOwnership {
  /** Resolves true once this tab owns the runs, false when it never will (the thread was left). */
  acquire(): Promise<boolean>;
  /** No run is left: another tab may own the next one. */
  release(): void;
}

const REJECTED = "Rejected by the user.";
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

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
  /** Told when a request and its follow-ups are over (the outbox sends what waited for them). */
  settled?(): void;
}

/**
 * The run loop of one thread: runs are serialized; frontend tools run when a run ends with
 * their calls pending, and the follow-up run starts once every result is in. Nothing here
 * rejects: every failure ends up in `state.error`, through `fail`.
 */
export class RunLoop {
  readonly settler = new ToolSettler();
  readonly interrupts = new InterruptLedger();
  /** Answers to LangGraph's `on_interrupt` interrupts go as `forwardedProps.command.resume`. */
  private readonly commandResume = new CommandResume();
  private queue: Promise<void> = Promise.resolve();
  /** A plain run queued but not yet started: later requests for one share it. */
  private queuedRun: Promise<void> | null = null;
  /** The transport once it has loaded, so a run need not wait a turn for it. */
  private loadedTransport: Transport | null = null;
  /** The request or tool batch in progress. */
  private controller: AbortController | null = null;
  /** The run whose stream is open, for the `stop` URL. */
  private openRunId: string | null = null;
  /** A stop request on its way to the server: the next run waits for it, or the server may refuse it. */
  private stopping: Promise<void> | null = null;
  private lastRequest: RunRequest = {};
  /** Where the open run's stream is, when its events have ids: what a reload reads on from. */
  private point: ResumePoint | null = null;
  /** The thread as the open run found it (state and messages), for `resumePoint.before`. */
  private startedWith: Pick<ThreadState, "state" | "messages"> | null = null;
  /** The server answered a resume by starting over: its streams are not resumed again. */
  private notContinued = false;
  /** The messages from before the last run: Retry keeps these and drops the rest. */
  messageIdsBeforeRun = new Set<string>();
  private disposed = false;
  /** Wakes up when an open interrupt expires, to send answers that were only waiting for it. */
  private expiryTimer: ReturnType<typeof setTimeout> | null = null;
  /** Who owns the thread's runs across tabs; null: this tab alone (no storage, or no Web Locks). */
  ownership: RunOwnership | null = null;
  /**
   * Another tab owns the run going on: this one executes nothing (no tool handlers, follow-ups
   * or answers) and sends nothing until it is false again.
   */
  following = false;
  /** Runs queued or going on: the ownership is let go when none is left. */
  private chains = 0;

  constructor(private readonly host: RunLoopHost) {
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
    if (!this.point || !this.startedWith) return this.point;
    return { ...this.point, before: runStart(this.startedWith, this.state.messages) };
  }

  /** The transport can read on in a run a reload cut (`Transport.resumable`). */
  get canResume(): boolean {
    return this.loadedTransport?.resumable === true && !this.notContinued && this.state.capabilities?.transport?.resumable !== false;
  }

  /** A request or tool batch is in progress, or another tab's run is being followed. */
  get busy(): boolean {
    return this.controller !== null || this.following;
  }

  /** A run is queued or going on here. */
  get pending(): boolean {
    return this.chains > 0;
  }

  /** Queues a run; plain runs queued together share one. */
  enqueue(request: RunRequest): Promise<void> {
    const plain = !request.resume && !request.toolCallIds && !request.forwardedProps && !request.resumeRun;
    if (plain && this.queuedRun) return this.queuedRun;
    this.chains++;
    const chain = this.queue.then(() => {
      if (plain) this.queuedRun = null;
      return this.runChain(request);
    });
    if (plain) this.queuedRun = chain;
    this.queue = chain;
    return chain;
  }

  /** Runs wait for this first (the thread being read from storage). */
  waitFor(ready: Promise<unknown>): void {
    this.queue = this.queue.then(
      () => ready.then(() => undefined),
      () => undefined,
    );
  }

  /** Aborts the request and any tool handlers, and tells the server where it listens for that. */
  abort(): void {
    if (this.openRunId !== null) {
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
    const open = this.state.interrupts;
    this.commandResume.note(open);
    this.interrupts.abandon(open);
    this.clearExpiryTimer();
    this.host.store.update((s) => (s.decisions === NO_DECISIONS ? s : { ...s, decisions: NO_DECISIONS }));
    // The app's own calls those interrupts were about will not run: their results say so.
    const cancelled = open.map((i) => ({ interruptId: i.id, status: "cancelled" as const }));
    this.settleUnrun(approvedCalls(cancelled, open, this.state, this.host.tools));
  }

  /**
   * Records an answer to an interrupt; the run that carries them all starts once none is open
   * (expired ones go as cancelled). An expired interrupt cannot be resolved any more.
   */
  answerInterrupt(entry: ResumeEntry): Promise<void> {
    if (this.following) {
      console.warn(`[tandem] interrupt "${entry.interruptId}": another tab owns this run; it is answered there`);
      return Promise.resolve();
    }
    const open = this.state.interrupts;
    const interrupt = open.find((i) => i.id === entry.interruptId);
    if (!interrupt) {
      console.warn(`[tandem] no pending interrupt "${entry.interruptId}"`);
      return Promise.resolve();
    }
    if (entry.status === "resolved" && this.interrupts.expired(interrupt)) {
      console.warn(`[tandem] interrupt "${entry.interruptId}" has expired; it goes to the agent as cancelled`);
      return Promise.resolve();
    }
    this.commandResume.note(open);
    const { remaining, resume } = this.interrupts.answer(entry, open);
    this.host.store.update((s) => ({
      ...s,
      interrupts: remaining,
      // Kept with the thread until the resume goes: a reload shows it answered and still sends it.
      decisions: resume
        ? NO_DECISIONS
        : {
            answered: [...s.decisions.answered.filter((a) => a.interrupt.id !== entry.interruptId), { interrupt, entry }],
            drafts: withoutKey(s.decisions.drafts, entry.interruptId),
          },
    }));
    if (resume) return this.resume(resume, open);
    this.armExpiryTimer(remaining);
    return Promise.resolve();
  }

  /**
   * Edited arguments of an open approval, not approved yet (`null` drops them): kept with the
   * thread, so a reload shows the edit; sent only with the approval.
   */
  setDraft(interruptId: string, args: Record<string, unknown> | null): void {
    this.host.store.update((s) => {
      if (!s.interrupts.some((i) => i.id === interruptId)) return s;
      if (args === null) {
        if (!Object.hasOwn(s.decisions.drafts, interruptId)) return s;
        return { ...s, decisions: { ...s.decisions, drafts: withoutKey(s.decisions.drafts, interruptId) } };
      }
      return { ...s, decisions: { ...s.decisions, drafts: { ...s.decisions.drafts, [interruptId]: args } } };
    });
  }

  /**
   * Puts back the decisions stored with a thread: the answers wait in the ledger for the rest,
   * and the edits show again. An answer whose interrupt has expired since is not sent: that
   * interrupt shows again, expired, and goes to the agent as cancelled.
   */
  restoreDecisions(decisions: InterruptDecisions | undefined): void {
    const stored = decisions ?? NO_DECISIONS;
    const now = Date.now();
    const answered = stored.answered.filter((a) => !this.interrupts.expired(a.interrupt, now));
    const expired = stored.answered.filter((a) => this.interrupts.expired(a.interrupt, now)).map((a) => a.interrupt);
    this.interrupts.restore(answered.map((a) => a.entry));
    this.host.store.update((s) => {
      const interrupts =
        expired.length > 0 ? [...s.interrupts, ...expired.filter((i) => !s.interrupts.some((o) => o.id === i.id))] : s.interrupts;
      const next = answered.length === 0 && Object.keys(stored.drafts).length === 0 ? NO_DECISIONS : { answered, drafts: stored.drafts };
      return next === s.decisions && interrupts === s.interrupts ? s : { ...s, interrupts, decisions: next };
    });
    if (answered.length > 0) this.armExpiryTimer(this.state.interrupts);
  }

  /** Runs the approved frontend tools (with edited arguments where given), then the run that carries the answers. */
  private resume(resume: ResumeEntry[], open: readonly Interrupt[]): Promise<void> {
    this.clearExpiryTimer();
    const calls = approvedCalls(resume, open, this.state, this.host.tools);
    const { run, editedArgs } = calls;
    this.settleUnrun(calls);
    if (run.length === 0) return this.enqueue({ resume });
    this.host.store.update((s) => markPendingCalls(s, run, this.host.tools));
    return this.enqueue({ resume, toolCallIds: run, editedArgs });
  }

  /** Results for the app's calls that were rejected or cancelled instead of run. */
  private settleUnrun({ rejected, cancelled }: { rejected: string[]; cancelled: string[] }): void {
    const result = (id: string, content: string) => (s: ThreadState) => addToolResult(s, toolMessage(id, { content }), "complete");
    for (const id of rejected) this.host.store.update(result(id, REJECTED));
    for (const id of cancelled) this.host.store.update(result(id, CANCELLED));
  }

  /** When the next open interrupt expires, sends the answers if that leaves nothing to answer. */
  private armExpiryTimer(open: readonly Interrupt[]): void {
    this.clearExpiryTimer();
    const next = this.interrupts.nextDeadline(open);
    if (next === null || this.disposed) return;
    this.expiryTimer = setTimeout(
      () => {
        this.expiryTimer = null;
        const still = this.state.interrupts;
        const resume = this.interrupts.ready(still);
        if (!resume) return this.armExpiryTimer(still);
        this.host.store.update((s) => ({ ...s, interrupts: [], decisions: NO_DECISIONS }));
        void this.resume(resume, still);
      },
      // setTimeout takes at most 2^31 - 1 ms; a later deadline is checked again then.
      Math.min(next - Date.now(), MAX_TIMEOUT_MS),
    );
  }

  private clearExpiryTimer(): void {
    if (this.expiryTimer !== null) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
  }

  /** A thread restored with frontend calls unanswered picks them up once their tools exist. */
  resumePendingToolCalls(): void {
    const s = this.state;
    if (s.status !== "idle" || this.controller || this.disposed || this.following) return;
    const answered = new Set(s.messages.flatMap((m) => (m.role === "tool" ? [m.toolCallId] : [])));
    const lastUser = s.messages.findLastIndex((m) => m.role === "user");
    const open = s.messages
      .slice(lastUser + 1)
      .flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []))
      .filter((c) => !answered.has(c.id) && !this.settler.isWaiting(c.id));
    // Calls that were waiting on the app's tools resume together, once all those tools are back:
    // resuming some would start the follow-up run with the others unanswered.
    const tools = this.host.tools;
    const waitingOnApp = (id: string) => s.toolCallStatus[id] === "executing" || s.toolCallStatus[id] === "awaiting-input";
    if (open.some((c) => waitingOnApp(c.id) && !tools.get(c.function.name))) return;
    const ids = open.filter((c) => tools.get(c.function.name)).map((c) => c.id);
    if (ids.length === 0) return;
    this.host.store.update((state) => markPendingCalls(state, ids, tools));
    void this.enqueue({ toolCallIds: ids });
  }

  fail(error: AgentError): void {
    this.host.store.update((s) => ({
      ...s,
      status: "error",
      error,
      reconnecting: false,
      steps: [],
      subagents: endSubagents(s.subagents, error.message),
    }));
  }

  /** No further runs start. */
  dispose(): void {
    this.disposed = true;
    this.clearExpiryTimer();
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  /** Runs a request and its follow-ups. The one place a failure of any kind is caught. */
  private async runChain(request: RunRequest): Promise<void> {
    try {
      // Another tab may own the thread's runs: this one waits for them to end (or for that tab to go).
      if (this.ownership && !(await this.ownership.acquire())) return;
      await this.runRequest(request);
    } finally {
      if (--this.chains === 0) this.ownership?.release();
    }
  }

  private async runRequest(request: RunRequest): Promise<void> {
    let next: RunRequest | null = request;
    try {
      while (next && !this.disposed) {
        next = next.toolCallIds ? await this.settleToolCalls(next.toolCallIds, new AbortController(), next) : await this.runOnce(next);
      }
    } catch (error) {
      this.controller = null;
      this.openRunId = null;
      this.fail(toAgentError(error));
    }
    this.host.settled?.();
  }

  private buildInput(request: RunRequest): RunAgentInput {
    const s = this.state;
    let tools: RunAgentInput["tools"];
    try {
      tools = this.host.tools.definitions();
    } catch (error) {
      throw new RunFailure({ kind: "tool", message: (error as Error).message });
    }
    const input = this.host.input();
    const { resume, forwardedProps } = this.commandResume.route(this.interrupts.takeResume(request.resume), input.forwardedProps);
    return {
      threadId: s.threadId,
      runId: request.resumeRun?.runId ?? randomUUID(),
      state: s.state,
      messages: s.messages.filter((m) => m.role !== "activity"),
      tools,
      context: input.context,
      forwardedProps: request.forwardedProps ? { ...forwardedProps, ...request.forwardedProps } : forwardedProps,
      protocolVersion: PROTOCOL_VERSION,
      ...(resume.length > 0 && { resume }),
    };
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
    this.startedWith = { state: this.state.state, messages: this.state.messages };
    store.update((s) =>
      s.status === "running" && s.error === null && s.interrupts.length === 0 && s.decisions === NO_DECISIONS
        ? s
        : { ...s, status: "running", error: null, interrupts: [], decisions: NO_DECISIONS },
    );
    const input = this.buildInput(request);
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
        let events = validatedEvents(transport, input, controller.signal, this.hooks(input.runId, resumeRun));
        if (events instanceof Promise) {
          events = events.catch((error: Error) => {
            throw new RunFailure({ kind: "network", message: `Could not load Tandem's event validation: ${error.message}` });
          });
        }
        await readRun(events, controller.signal, (event) => this.apply(event));
      } finally {
        this.openRunId = null;
        this.point = null;
        this.startedWith = null;
        store.update((s) => (s.reconnecting ? { ...s, reconnecting: false } : s));
      }
    }
    if (this.controller === controller) this.controller = null;
    if (controller.signal.aborted) {
      store.update((s) => ({ ...s, status: "idle", error: null, steps: [] }));
      return null;
    }
    const s = this.state;
    const unheard = this.commandResume.unheard(input, s.messages);
    if (unheard.length > 0) store.update((state) => ({ ...state, messages: [...state.messages, ...unheard] }));
    if (s.status === "error" || s.lastOutcome !== "success") return null;
    if (unheard.length > 0) return {};
    const pending = s.runToolCallIds.filter((id) => s.toolCallStatus[id] === "executing" || s.toolCallStatus[id] === "awaiting-input");
    return this.settleToolCalls(pending, controller);
  }

  /** What the transport reports of a run's stream: reconnects (to the store) and event ids (the resume point). */
  private hooks(runId: string, resumeRun: RunRequest["resumeRun"]): RunHooks {
    const { store } = this.host;
    return {
      ...(resumeRun && { resumeAfter: resumeRun.firstEventId }),
      resumable: this.state.capabilities?.transport?.resumable !== false && !this.notContinued,
      onNotContinued: () => {
        this.notContinued = true;
      },
      onReconnecting: (reconnecting) => store.update((s) => (s.reconnecting === reconnecting ? s : { ...s, reconnecting })),
      onEventId: (lastEventId) => {
        const firstEventId = this.point?.firstEventId ?? resumeRun?.firstEventId ?? lastEventId;
        this.point = { runId, firstEventId, lastEventId, at: Date.now() };
      },
    };
  }

  /** One validated event: to the listeners, then into the store (a run's end at once, with its pending calls marked). */
  private apply(event: BaseEvent): void {
    for (const listener of this.host.eventListeners) listener(event);
    const { store, tools } = this.host;
    if (event.type === EventType.RUN_FINISHED) {
      const { outcome } = event as RunFinishedEvent;
      if (outcome?.type === "interrupt") this.interrupts.arrived(outcome.interrupts, clockOffset(event.timestamp, Date.now()));
    }
    if (event.type !== EventType.RUN_FINISHED && event.type !== EventType.RUN_ERROR) {
      store.dispatch(event);
      return;
    }
    store.update((s) => {
      const next = reduceWith(loadedPatcher(), s, [event]);
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
    // A tool withdrawn since its call was marked is skipped; the batch still ends the wait.
    const calls = ids.flatMap((id) => {
      const found = findToolCall(this.state.messages, id);
      const tool = found && tools.get(found.function.name);
      const edited = request.editedArgs?.[id];
      const call = found && edited ? { ...found, function: { ...found.function, arguments: JSON.stringify(edited) } } : found;
      return call && tool ? [{ call, tool }] : [];
    });
    this.controller = controller;
    const { followUp, failed } = await this.settler.settle(calls, controller.signal, (id, outcome) =>
      store.update((state) => {
        const next = addToolResult(state, toolMessage(id, outcome), outcome.error ? "error" : "complete");
        const status = statusOf({
          failed: state.status === "error",
          waiting: this.settler.waitingCount > 0,
          working: state.status === "running" || state.status === "awaiting-input",
        });
        return { ...next, status };
      }),
    );
    if (this.controller === controller) this.controller = null;
    const suppressed = this.settler.takeSuppressed();
    if (then) {
      if (!controller.signal.aborted) return then;
      // Stopped while approved tools ran: the answers still go to the agent, with the next run.
      this.interrupts.carry(then.resume);
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

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!Object.hasOwn(record, key)) return record;
  const { [key]: _, ...rest } = record;
  return rest;
}

/** The thread as a run found it, given its messages now: the ids from then, and those changed since as they were. */
function runStart(started: Pick<ThreadState, "state" | "messages">, now: ThreadState["messages"]): RunStart {
  const current = new Map(now.map((m) => [m.id, m]));
  return {
    state: started.state,
    messageIds: started.messages.map((m) => m.id),
    changed: started.messages.filter((m) => current.get(m.id) !== m),
  };
}

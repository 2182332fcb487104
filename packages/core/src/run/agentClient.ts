import {
  type BaseEvent,
  type Context,
  EventType,
  type InputContent,
  type Message,
  PROTOCOL_VERSION,
  type ResumeEntry,
  type RunAgentInput,
} from "@ag-ui/core";
import { v4 as randomUUID } from "uuid";
import { fork, switchVersion, unfork } from "../branches/branches.js";
import { type RunEndpoint, runEndpoint } from "../recording/endpoint.js";
import { findToolCall } from "../reducer/draft.js";
import { isRejection } from "../reducer/predictState.js";
import { addToolResult, createThreadState, endSubagents, reduceEvent } from "../reducer/reduceEvents.js";
import type { StoredThread } from "../storage/types.js";
import { createThreadStore, type ThreadStore } from "../store/createThreadStore.js";
import type { Schedule } from "../store/frame.js";
import { MessageIndex } from "../store/messageIndex.js";
import { type FrontendTool, ToolRegistry } from "../tools/registry.js";
import type { ToolParameters } from "../tools/schema.js";
import { createToolCallSelector, toContent } from "../tools/toolCallViews.js";
import {
  createTransport,
  type HttpOptions,
  loadPipeline,
  type Transport,
  type TransportOptions,
  validatedEvents,
} from "../transport/index.js";
import { requestStop, type StopRun } from "../transport/stopRequest.js";
import type { AgentError, AttachmentKind, ThreadState } from "../types.js";
import { isAbort, RunFailure, toAgentError } from "./errors.js";
import { InterruptLedger } from "./interruptLedger.js";
import { readRun } from "./readRun.js";
import { markPendingCalls, statusOf } from "./status.js";
import { failure, toolMessage } from "./toolRunner.js";
import { CANCELLED, ToolSettler } from "./toolSettler.js";

export interface ClientOptions {
  threadId?: string;
  /** The agent's id: `{agentId}` in the `stop` URL, and the agent runtime's runs URL. */
  agentId?: string;
  initialState?: unknown;
  initialMessages?: Message[];
  context?: Context[];
  forwardedProps?: Record<string, unknown>;
  /**
   * A URL POSTed when the user stops a run, for runtimes that keep running until told (with
   * `{threadId}`, `{runId}` and `{agentId}` filled in), e.g. CopilotKit's runtime:
   * `https://host/api/copilotkit/agent/{agentId}/stop/{threadId}`. Its body is `stopBody`'s.
   */
  stop?: string;
  /**
   * The JSON body of the `stop` request, made from the run being stopped. Default
   * `({ runId }) => ({ runId })`, the body CopilotKit's runtime accepts (it answers any other key
   * with 400); set it for a server that wants more, e.g.
   * `({ threadId, runId }) => ({ thread_id: threadId, run_id: runId })`.
   */
  stopBody?: (run: StopRun) => unknown;
  /** How streaming updates are batched; defaults to one publish per animation frame. */
  schedule?: Schedule;
  /** Aborting it stops the current run and any tool handlers, like `stop()`, for good. */
  signal?: AbortSignal;
}

/** A dialect's options (`url`, `protocol`…), or a transport of your own. */
export type AgentClientOptions = ClientOptions & (TransportOptions | { transport: Transport; url?: string });

interface RunRequest {
  resume?: ResumeEntry[];
  /** Settle these pending frontend tool calls first (a thread restored with calls unanswered). */
  toolCallIds?: string[];
}

const STOPPED = "Stopped by the user.";

const ATTACHMENT_KINDS: readonly AttachmentKind[] = ["image", "audio", "video", "document"];

/**
 * One thread with one agent: the store, the tools, and the run loop that drives them.
 * Runs are serialized; frontend tools run when a run ends with their calls pending, and the
 * follow-up run starts once every result is in. No action rejects: every failure ends up in
 * `state.error`, through `fail`.
 */
export class AgentClient {
  readonly store: ThreadStore;
  readonly tools = new ToolRegistry();
  /** Resolves at once for AG-UI; other dialects load their code on first use. */
  readonly transport: Promise<Transport>;
  /** Per-message subscriptions, for lists that render one row per message. */
  readonly messages: MessageIndex;
  /** Every tool call of the thread with its status, memoized on the state it was read from. */
  readonly selectToolCalls = createToolCallSelector();
  context: Context[];
  forwardedProps: Record<string, unknown>;

  private readonly settler = new ToolSettler();
  private readonly interrupts = new InterruptLedger();
  private readonly eventListeners = new Set<(event: BaseEvent) => void>();
  private readonly runListeners = new Set<(input: RunAgentInput) => void>();
  private readonly options: AgentClientOptions;
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
  private messageIdsBeforeRun = new Set<string>();
  /** The latest regenerate; one that ends before its first word is taken back (see `branchFrom`). */
  private regeneration: object | null = null;
  /** Where Retry regenerates again, after a regeneration that failed was taken back. */
  private retryAt: number | null = null;
  private disposed = false;

  constructor(options: AgentClientOptions) {
    this.options = options;
    const threadId = options.threadId ?? randomUUID();
    this.transport = Promise.resolve(
      "transport" in options && options.transport ? options.transport : createTransport(options as TransportOptions),
    );
    // A dialect that fails to load is reported by the run that needs it, not as an unhandled rejection.
    this.transport.then(
      (transport) => {
        this.loadedTransport = transport;
      },
      () => undefined,
    );
    this.context = options.context ?? [];
    this.forwardedProps = options.forwardedProps ?? {};
    this.store = createThreadStore(
      createThreadState({
        threadId,
        messages: options.initialMessages ?? [],
        ...(options.initialState !== undefined && { state: options.initialState }),
      }),
      options.schedule,
    );
    this.messages = new MessageIndex(this.store);
    this.tools.onChange(() => this.resumePendingToolCalls());
    options.signal?.addEventListener("abort", () => this.dispose(), { once: true });
  }

  get state(): ThreadState {
    return this.store.getState();
  }

  /** Every validated event of this client's runs, as it arrives. */
  onEvent(listener: (event: BaseEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** Every request this client sends to the agent (`RunAgentInput`), as it goes out. */
  onRun(listener: (input: RunAgentInput) => void): () => void {
    this.runListeners.add(listener);
    return () => this.runListeners.delete(listener);
  }

  /** Where this client's runs go: the dialect and its runs URL (for recorders and inspectors; no headers). */
  get endpoint(): RunEndpoint {
    return runEndpoint(this.options as Parameters<typeof runEndpoint>[0]);
  }

  /** The attachments the transport can carry in a user message (every kind unless it says otherwise). */
  get attachmentKinds(): Promise<readonly AttachmentKind[]> {
    return this.transport.then((t) => t.attachmentKinds ?? ATTACHMENT_KINDS);
  }

  /** Offers the agent a tool that runs here; returns a function that withdraws it. */
  registerTool<P extends ToolParameters>(tool: FrontendTool<P>): () => void {
    return this.tools.register(tool as unknown as FrontendTool);
  }

  sendMessage(content: string | InputContent[]): Promise<void> {
    const message: Message = { id: randomUUID(), role: "user", content };
    this.forgetRegeneration();
    // A new message answers nothing that was asked: pending questions are closed as cancelled.
    this.closeOpenQuestions();
    // The run is queued before the message is published: React renders the message in a
    // microtask queued by the update, so the run's turn comes first and its request leaves before
    // that render, not after. The run reads the thread when it starts, so it still carries this
    // message and any other sent in the same turn.
    const run = this.enqueue({});
    // Running from the moment the message is sent, so the UI can offer Stop at once.
    this.store.update((s) => ({ ...s, messages: [...s.messages, message], interrupts: [], status: "running", error: null }));
    return run;
  }

  /** Starts a run with the thread as it is (the agent speaks first, or picks up after setState). */
  runAgent(): Promise<void> {
    return this.enqueue({});
  }

  /** Aborts the request and any tool handlers; the thread is left idle with what it had. */
  stop(): void {
    if (this.openRunId !== null) this.stopOnServer(this.openRunId);
    this.controller?.abort();
    this.closeOpenQuestions();
    this.store.update((s) => {
      const subagents = endSubagents(s.subagents, STOPPED);
      return s.status === "idle" && s.interrupts.length === 0 && subagents === s.subagents
        ? s
        : { ...s, status: "idle", error: null, interrupts: [], steps: [], subagents };
    });
  }

  /** Runs again after an error, without the failed run's partial output. */
  retry(): Promise<void> {
    if (this.state.status !== "error") return Promise.resolve();
    if (this.retryAt !== null) return this.branchFrom(this.retryAt, []);
    const keep = this.messageIdsBeforeRun;
    this.store.update((s) => ({ ...s, messages: s.messages.filter((m) => keep.has(m.id)), error: null, status: "idle" }));
    return this.enqueue(this.lastRequest);
  }

  /**
   * Asks again for the reply to `messageId` (default: the last user message), as a new version:
   * the old reply is kept and `selectBranch` goes back to it.
   */
  regenerate(messageId?: string): Promise<void> {
    const messages = this.state.messages;
    const target = messageId === undefined ? messages.length - 1 : messages.findIndex((m) => m.id === messageId);
    if (target < 0 && messageId !== undefined) {
      console.warn(`[tandem] regenerate(): no message "${messageId}" in this thread`);
      return Promise.resolve();
    }
    // The new version starts after the user message that the reply answers.
    const asked = messages.findLastIndex((m, i) => i <= target && m.role === "user");
    if (asked < 0) return Promise.resolve();
    return this.branchFrom(asked + 1, []);
  }

  /** Sends an edited copy of a user message as a new version of that turn; the original is kept. */
  editMessage(messageId: string, content: string | InputContent[]): Promise<void> {
    const index = this.state.messages.findIndex((m) => m.id === messageId);
    if (this.state.messages[index]?.role !== "user") {
      console.warn(`[tandem] editMessage(): no user message "${messageId}" in this thread`);
      return Promise.resolve();
    }
    return this.branchFrom(index, [{ id: randomUUID(), role: "user", content }]);
  }

  /**
   * Shows version `index` (0-based) of the turn that `messageId` begins. Never runs the agent;
   * does nothing while a run streams. Questions left open on the version it leaves are closed.
   */
  selectBranch(messageId: string, index: number): void {
    if (this.state.status === "running") return;
    const next = switchVersion(this.state, messageId, index);
    if (!next) return;
    this.forgetRegeneration();
    this.closeOpenQuestions();
    this.store.update((s) => ({ ...s, ...next, interrupts: [], status: "idle", error: null }));
  }

  /** A later action supersedes a regeneration: it is not taken back, and Retry no longer asks again. */
  private forgetRegeneration(): void {
    this.regeneration = null;
    this.retryAt = null;
  }

  /**
   * A new version from `index` of the active path, starting with `start`, then a run. A new
   * reply that is stopped or fails before its first word is taken back, so the one it replaced
   * is on screen again (Retry then asks again).
   */
  private branchFrom(index: number, start: Message[]): Promise<void> {
    if (this.controller) this.stop();
    this.closeOpenQuestions();
    const before = this.state.branches;
    this.store.update((s) => {
      const { messages, branches } = fork(s, index);
      return { ...s, messages: [...messages, ...start], branches, interrupts: [], error: null, status: "running" };
    });
    const regeneration = start.length === 0 && before !== this.state.branches ? {} : null;
    this.regeneration = regeneration;
    this.retryAt = null;
    const run = this.enqueue({});
    if (!regeneration) return run;
    return run.then(() => {
      if (this.regeneration !== regeneration) return;
      this.regeneration = null;
      const back = unfork(this.state, index, before);
      if (!back) return;
      if (this.state.status === "error") this.retryAt = index;
      this.store.update((s) => ({ ...s, ...back }));
    });
  }

  /** Sets the agent state from the app; it is sent with the next run. */
  setState(next: unknown | ((previous: unknown) => unknown)): void {
    this.store.update((s) => ({ ...s, state: typeof next === "function" ? (next as (p: unknown) => unknown)(s.state) : next }));
  }

  /** Answers a human-in-the-loop tool call; the follow-up run starts once all pending calls are answered. */
  respond(toolCallId: string, result: unknown): void {
    const outcome = { content: toContent(result) };
    // Saying no to a predicted change puts the state back as it was before the prediction.
    if (isRejection(result) && this.state.predictedFrom) {
      this.store.update((s) => (s.predictedFrom ? { ...s, state: s.predictedFrom.state, predictedFrom: null } : s));
    }
    if (this.settler.answer(toolCallId, outcome)) return;
    // The run may still be closing its stream; keep the answer for when the call is settled.
    if (this.state.toolCallStatus[toolCallId] === "awaiting-input") this.settler.keepEarly(toolCallId, outcome);
    else console.warn(`[tandem] respond(): tool call "${toolCallId}" is not waiting for an answer`);
  }

  resolveInterrupt(interruptId: string, payload?: unknown): Promise<void> {
    return this.answerInterrupt({ interruptId, status: "resolved", ...(payload !== undefined && { payload }) });
  }

  cancelInterrupt(interruptId: string): Promise<void> {
    return this.answerInterrupt({ interruptId, status: "cancelled" });
  }

  /**
   * Puts a stored thread back: messages, state, open interrupts and tool-call statuses. Calls
   * that were waiting for a person ask again once their tools are registered; a reply that a
   * reload cut off stays, marked as an error that Retry picks up from.
   */
  restore(thread: Pick<StoredThread, "messages" | "state" | "interrupts" | "toolCallStatus" | "runningSince" | "branches">): void {
    const cut = thread.runningSince;
    if (cut) this.messageIdsBeforeRun = new Set(cut);
    this.store.update((s) => ({
      ...s,
      messages: thread.messages,
      branches: thread.branches ?? {},
      state: thread.state,
      interrupts: thread.interrupts,
      toolCallStatus: thread.toolCallStatus,
      status: cut ? "error" : thread.interrupts.length > 0 ? "awaiting-input" : "idle",
      error: cut ? { kind: "truncated", message: "The reply was cut off when the page was reloaded." } : null,
    }));
    if (!cut) this.resumePendingToolCalls();
  }

  /** Loads stored history from servers that keep it (the agent runtime). */
  async loadHistory(signal: AbortSignal = new AbortController().signal): Promise<void> {
    try {
      const transport = await this.transport;
      if (!transport.loadHistory) return;
      const history = await transport.loadHistory(this.state.threadId, signal);
      if (signal.aborted) return;
      this.store.update((s) => {
        const ids = new Set(history.map((m) => m.id));
        return { ...s, messages: [...history, ...s.messages.filter((m) => !ids.has(m.id))] };
      });
      this.resumePendingToolCalls();
    } catch (error) {
      if (signal.aborted || isAbort(error)) return;
      this.fail(toAgentError(error));
    }
  }

  /** Reads what the agent advertises, where the transport can; a failure leaves it unknown. */
  async loadCapabilities(signal: AbortSignal = new AbortController().signal): Promise<void> {
    try {
      const transport = await this.transport;
      if (!transport.getCapabilities) return;
      const capabilities = await transport.getCapabilities(signal);
      if (!signal.aborted) this.store.update((s) => ({ ...s, capabilities }));
    } catch (error) {
      if (!signal.aborted && !isAbort(error)) console.warn(`[tandem] could not read the agent's capabilities: ${(error as Error).message}`);
    }
  }

  /** Fetches the code that validates a run's events ahead of the first run (call it when idle). */
  preload(): void {
    loadPipeline().catch(() => undefined);
  }

  /** Stops for good: no further runs start. */
  dispose(): void {
    this.disposed = true;
    this.stop();
    this.eventListeners.clear();
    this.runListeners.clear();
  }

  /** Tool calls waiting for a person get a cancelled result; open interrupts are cancelled next run. */
  private closeOpenQuestions(): void {
    this.settler.cancelAll(failure(CANCELLED));
    this.interrupts.abandon(this.state.interrupts);
  }

  private answerInterrupt(entry: ResumeEntry): Promise<void> {
    const open = this.state.interrupts;
    if (!open.some((i) => i.id === entry.interruptId)) {
      console.warn(`[tandem] no pending interrupt "${entry.interruptId}"`);
      return Promise.resolve();
    }
    const { remaining, resume } = this.interrupts.answer(entry, open);
    this.store.update((s) => ({ ...s, interrupts: remaining }));
    return resume ? this.enqueue({ resume }) : Promise.resolve();
  }

  private stopOnServer(runId: string): void {
    const { stop, stopBody, agentId = "default", headers, fetch } = this.options as ClientOptions & Omit<HttpOptions, "url">;
    if (!stop) return;
    const sent = requestStop(stop, { threadId: this.state.threadId, runId, agentId }, { headers, fetch }, stopBody);
    this.stopping = sent;
    void sent.then(() => {
      if (this.stopping === sent) this.stopping = null;
    });
  }

  private enqueue(request: RunRequest): Promise<void> {
    const plain = !request.resume && !request.toolCallIds;
    if (plain && this.queuedRun) return this.queuedRun;
    const chain = this.queue.then(() => {
      if (plain) this.queuedRun = null;
      return this.runChain(request);
    });
    if (plain) this.queuedRun = chain;
    this.queue = chain;
    return chain;
  }

  /** Runs a request and its follow-ups. The one place a failure of any kind is caught. */
  private async runChain(request: RunRequest): Promise<void> {
    let next: RunRequest | null = request;
    try {
      while (next && !this.disposed) {
        next = next.toolCallIds ? await this.settleToolCalls(next.toolCallIds, new AbortController()) : await this.runOnce(next);
      }
    } catch (error) {
      this.controller = null;
      this.openRunId = null;
      this.fail(toAgentError(error));
    }
  }

  private buildInput(request: RunRequest): RunAgentInput {
    const s = this.state;
    let tools: RunAgentInput["tools"];
    try {
      tools = this.tools.definitions();
    } catch (error) {
      throw new RunFailure({ kind: "tool", message: (error as Error).message });
    }
    const resume = this.interrupts.takeResume(request.resume);
    return {
      threadId: s.threadId,
      runId: randomUUID(),
      state: s.state,
      messages: s.messages.filter((m) => m.role !== "activity"),
      tools,
      context: this.context,
      forwardedProps: this.forwardedProps,
      protocolVersion: PROTOCOL_VERSION,
      ...(resume.length > 0 && { resume }),
    };
  }

  /** One request to the agent. Resolves to the follow-up to run next, if any. */
  private async runOnce(request: RunRequest): Promise<RunRequest | null> {
    const controller = new AbortController();
    this.controller = controller;
    this.lastRequest = request;
    this.messageIdsBeforeRun = new Set(this.state.messages.map((m) => m.id));
    this.store.update((s) =>
      s.status === "running" && s.error === null && s.interrupts.length === 0
        ? s
        : { ...s, status: "running", error: null, interrupts: [] },
    );
    const input = this.buildInput(request);
    if (this.stopping) await this.stopping;
    let transport = this.loadedTransport;
    if (!transport) {
      try {
        transport = await this.transport;
      } catch (error) {
        throw new RunFailure({ kind: "network", message: `Could not load the transport: ${(error as Error).message}` });
      }
    }
    if (!controller.signal.aborted) {
      refuseUncarried(input.messages, transport.attachmentKinds);
      for (const listener of this.runListeners) listener(input);
      this.openRunId = input.runId;
      try {
        let events = validatedEvents(transport, input, controller.signal);
        if (events instanceof Promise) {
          events = events.catch((error: Error) => {
            throw new RunFailure({ kind: "network", message: `Could not load Tandem's event validation: ${error.message}` });
          });
        }
        await readRun(events, controller.signal, (event) => this.apply(event));
      } finally {
        this.openRunId = null;
      }
    }
    if (this.controller === controller) this.controller = null;
    if (controller.signal.aborted) {
      this.store.update((s) => ({ ...s, status: "idle", error: null, steps: [] }));
      return null;
    }
    const s = this.state;
    if (s.status === "error" || s.lastOutcome !== "success") return null;
    const pending = s.runToolCallIds.filter((id) => s.toolCallStatus[id] === "executing" || s.toolCallStatus[id] === "awaiting-input");
    return this.settleToolCalls(pending, controller);
  }

  /** One validated event: to the listeners, then into the store (a run's end at once, with its pending calls marked). */
  private apply(event: BaseEvent): void {
    for (const listener of this.eventListeners) listener(event);
    if (event.type !== EventType.RUN_FINISHED && event.type !== EventType.RUN_ERROR) {
      this.store.dispatch(event);
      return;
    }
    this.store.update((s) => {
      const next = reduceEvent(s, event);
      return next.status === "idle" && next.lastOutcome === "success" ? markPendingCalls(next, next.runToolCallIds, this.tools) : next;
    });
  }

  /** Runs handlers and waits for answers; each result lands as soon as it is ready. */
  private async settleToolCalls(ids: string[], controller: AbortController): Promise<RunRequest | null> {
    if (ids.length === 0) return null;
    // A tool withdrawn since its call was marked is skipped; the batch still ends the wait.
    const calls = ids.flatMap((id) => {
      const call = findToolCall(this.state.messages, id);
      const tool = call && this.tools.get(call.function.name);
      return call && tool ? [{ call, tool }] : [];
    });
    this.controller = controller;
    const { followUp, failed } = await this.settler.settle(calls, controller.signal, (id, outcome) =>
      this.store.update((state) => {
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
    if (controller.signal.aborted || suppressed || !followUp) {
      // With no follow-up run, no agent will answer the failure: the thread reports it.
      if (failed && !controller.signal.aborted && !followUp) this.fail({ kind: "tool", message: failed });
      else this.store.update((s) => (s.status === "idle" ? s : { ...s, status: "idle" }));
      return null;
    }
    return {};
  }

  /** A thread restored with frontend calls unanswered picks them up once their tools exist. */
  private resumePendingToolCalls(): void {
    const s = this.state;
    if (s.status !== "idle" || this.controller) return;
    const answered = new Set(s.messages.flatMap((m) => (m.role === "tool" ? [m.toolCallId] : [])));
    const lastUser = s.messages.findLastIndex((m) => m.role === "user");
    const open = s.messages
      .slice(lastUser + 1)
      .flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []))
      .filter((c) => !answered.has(c.id) && !this.settler.isWaiting(c.id));
    // Calls that were waiting on the app's tools resume together, once all those tools are back:
    // resuming some would start the follow-up run with the others unanswered.
    const waitingOnApp = (id: string) => s.toolCallStatus[id] === "executing" || s.toolCallStatus[id] === "awaiting-input";
    if (open.some((c) => waitingOnApp(c.id) && !this.tools.get(c.function.name))) return;
    const ids = open.filter((c) => this.tools.get(c.function.name)).map((c) => c.id);
    if (ids.length === 0) return;
    this.store.update((state) => markPendingCalls(state, ids, this.tools));
    void this.enqueue({ toolCallIds: ids });
  }

  private fail(error: AgentError): void {
    this.store.update((s) => ({ ...s, status: "error", error, steps: [], subagents: endSubagents(s.subagents, error.message) }));
  }
}

/** A message whose attachments the protocol cannot carry fails before it is sent, not silently without them. */
function refuseUncarried(messages: readonly Message[], kinds: readonly AttachmentKind[] | undefined): void {
  const last = messages.at(-1);
  if (!kinds || last?.role !== "user" || typeof last.content === "string") return;
  const refused = [...new Set(last.content.map((p) => p.type).filter((t) => t !== "text" && !kinds.includes(t)))];
  if (refused.length > 0)
    throw new RunFailure({
      kind: "protocol",
      message: `This agent's protocol cannot carry ${refused.join(", ")} attachments; remove them and send again.`,
    });
}

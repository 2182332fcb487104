import { randomUUID } from "@ag-ui/client";
import {
  type BaseEvent,
  type Context,
  EventType,
  PROTOCOL_VERSION,
  type InputContent,
  type Message,
  type ResumeEntry,
  type RunAgentInput,
  type ToolCall,
} from "@ag-ui/core";
import { isRejection } from "../reducer/predictState.js";
import { addToolResult, createThreadState, reduceEvent } from "../reducer/reduceEvents.js";
import { createThreadStore, type ThreadStore } from "../store/createThreadStore.js";
import { MessageIndex } from "../store/messageIndex.js";
import { createToolCallSelector } from "../tools/toolCallViews.js";
import type { Schedule } from "../store/frame.js";
import { type FrontendTool, ToolRegistry } from "../tools/registry.js";
import type { ToolParameters } from "../tools/schema.js";
import { createTransport, type ProtocolOptions, type Transport, validatedEvents } from "../transport/index.js";
import type { AgentError, ThreadState, ToolCallStatus } from "../types.js";
import { isAbort, toAgentError } from "./errors.js";
import { checkArgs, failure, runHandler, type ToolOutcome, toContent, toolMessage } from "./toolRunner.js";

export interface AgentClientOptions extends Omit<ProtocolOptions, "threadId"> {
  threadId?: string;
  initialState?: unknown;
  initialMessages?: Message[];
  context?: Context[];
  forwardedProps?: Record<string, unknown>;
  /** Bring your own transport (any `@ag-ui/client` HttpAgent); `url` and `protocol` are then ignored. */
  transport?: Transport;
  /** How streaming updates are batched; defaults to one publish per animation frame. */
  schedule?: Schedule;
  /** Aborting it stops the current run and any tool handlers, like `stop()`, for good. */
  signal?: AbortSignal;
}

interface RunRequest {
  resume?: ResumeEntry[];
  /** Settle these pending frontend tool calls first (a thread restored with calls unanswered). */
  toolCallIds?: string[];
}

const CANCELLED = "Cancelled by the user.";

/**
 * One thread with one agent: the store, the tools, and the run loop that drives them.
 * Runs are serialized; frontend tools run when a run ends with their calls pending, and the
 * follow-up run starts once every result is in.
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

  private queue: Promise<void> = Promise.resolve();
  private controller: AbortController | null = null;
  private readonly waiting = new Map<string, (outcome: ToolOutcome) => void>();
  private readonly answers = new Map<string, ResumeEntry>();
  /** Interrupts left open by stop(): the next run tells the agent they were cancelled. */
  private abandoned: ResumeEntry[] = [];
  private lastRequest: RunRequest = {};
  private messageIdsBeforeRun = new Set<string>();
  private readonly eventListeners = new Set<(event: BaseEvent) => void>();
  /** Answers given before the call's settling began. */
  private readonly early = new Map<string, ToolOutcome>();
  /** Set when a pending call was closed without a real answer: no follow-up run for that batch. */
  private suppressFollowUp = false;
  /** A plain run queued but not yet started: later requests for one share it. */
  private queuedRun: Promise<void> | null = null;
  private disposed = false;

  constructor(options: AgentClientOptions) {
    const threadId = options.threadId ?? randomUUID();
    this.transport = Promise.resolve(options.transport ?? createTransport({ ...options, threadId })).then((transport) => {
      transport.threadId = threadId;
      return transport;
    });
    // A dialect that fails to load is reported by the run that needs it, not as an unhandled rejection.
    this.transport.catch(() => undefined);
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

  /** Offers the agent a tool that runs here; returns a function that withdraws it. */
  registerTool<P extends ToolParameters>(tool: FrontendTool<P>): () => void {
    return this.tools.register(tool as unknown as FrontendTool);
  }

  sendMessage(content: string | InputContent[]): Promise<void> {
    const message: Message = { id: randomUUID(), role: "user", content };
    // A new message answers nothing that was asked: pending questions are closed as cancelled.
    this.closeOpenQuestions();
    // Running from the moment the message is sent, so the UI can offer Stop at once.
    this.store.update((s) => ({ ...s, messages: [...s.messages, message], interrupts: [], status: "running", error: null }));
    return this.enqueue({});
  }

  /** Starts a run with the thread as it is (the agent speaks first, or picks up after setState). */
  runAgent(): Promise<void> {
    return this.enqueue({});
  }

  /** Aborts the request and any tool handlers; the thread is left idle with what it had. */
  stop(): void {
    this.controller?.abort();
    this.closeOpenQuestions();
    this.store.update((s) =>
      s.status === "idle" && s.interrupts.length === 0 ? s : { ...s, status: "idle", error: null, interrupts: [], steps: [] },
    );
  }

  /** Tool calls waiting for a person get a cancelled result; open interrupts are cancelled next run. */
  private closeOpenQuestions(): void {
    this.early.clear();
    for (const id of [...this.waiting.keys()]) this.answerToolCall(id, failure(CANCELLED), false);
    this.abandoned.push(...this.state.interrupts.map((i) => ({ interruptId: i.id, status: "cancelled" as const })));
  }

  /** Runs again after an error, without the failed run's partial output. */
  retry(): Promise<void> {
    if (this.state.status !== "error") return Promise.resolve();
    const keep = this.messageIdsBeforeRun;
    this.store.update((s) => ({ ...s, messages: s.messages.filter((m) => keep.has(m.id)), error: null, status: "idle" }));
    return this.enqueue(this.lastRequest);
  }

  /** Drops the reply to `messageId` (default: the last user message) and asks again. */
  regenerate(messageId?: string): Promise<void> {
    const messages = this.state.messages;
    const target = messageId === undefined ? messages.length - 1 : messages.findIndex((m) => m.id === messageId);
    if (target < 0 && messageId !== undefined) return Promise.reject(new Error(`No message "${messageId}" in this thread.`));
    // Keep everything up to the user message that the reply answers.
    const asked = messages.findLastIndex((m, i) => i <= target && m.role === "user");
    if (asked < 0) return Promise.resolve();
    if (this.controller) this.stop();
    this.store.update((s) => ({ ...s, messages: s.messages.slice(0, asked + 1), error: null, status: "running" }));
    return this.enqueue({});
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
    if (this.waiting.has(toolCallId)) return this.answerToolCall(toolCallId, outcome, true);
    // The run may still be closing its stream; keep the answer for when the call is settled.
    if (this.state.toolCallStatus[toolCallId] === "awaiting-input") {
      this.early.set(toolCallId, outcome);
      return;
    }
    console.warn(`[tandem] respond(): tool call "${toolCallId}" is not waiting for an answer`);
  }

  resolveInterrupt(interruptId: string, payload?: unknown): Promise<void> {
    return this.answerInterrupt({ interruptId, status: "resolved", ...(payload !== undefined && { payload }) });
  }

  cancelInterrupt(interruptId: string): Promise<void> {
    return this.answerInterrupt({ interruptId, status: "cancelled" });
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

  /** Stops for good: no further runs start. */
  dispose(): void {
    this.disposed = true;
    this.stop();
    this.eventListeners.clear();
  }

  private answerInterrupt(entry: ResumeEntry): Promise<void> {
    const open = this.state.interrupts;
    if (!open.some((i) => i.id === entry.interruptId)) {
      return Promise.reject(new Error(`No pending interrupt "${entry.interruptId}".`));
    }
    this.answers.set(entry.interruptId, entry);
    const remaining = open.filter((i) => i.id !== entry.interruptId);
    this.store.update((s) => ({ ...s, interrupts: remaining }));
    if (remaining.length > 0) return Promise.resolve();
    const resume = [...this.answers.values()];
    this.answers.clear();
    return this.enqueue({ resume });
  }

  private answerToolCall(toolCallId: string, outcome: ToolOutcome, followUp: boolean): void {
    const resolve = this.waiting.get(toolCallId);
    if (!resolve) return;
    this.waiting.delete(toolCallId);
    if (!followUp) this.suppressFollowUp = true;
    resolve(outcome);
  }

  private enqueue(request: RunRequest): Promise<void> {
    const plain = !request.resume && !request.toolCallIds;
    if (plain && this.queuedRun) return this.queuedRun;
    const chain = this.queue.then(() => {
      if (plain) this.queuedRun = null;
      return this.runChain(request);
    });
    if (plain) this.queuedRun = chain;
    this.queue = chain.catch(() => undefined);
    return chain;
  }

  private async runChain(request: RunRequest): Promise<void> {
    let next: RunRequest | null = request;
    while (next && !this.disposed) {
      next = next.toolCallIds ? await this.settleToolCalls(next.toolCallIds, new AbortController()) : await this.runOnce(next);
    }
  }

  private buildInput(request: RunRequest): RunAgentInput {
    const s = this.state;
    const resume = [
      ...this.abandoned.filter((a) => !request.resume?.some((r) => r.interruptId === a.interruptId)),
      ...(request.resume ?? []),
    ];
    this.abandoned = [];
    return {
      threadId: s.threadId,
      runId: randomUUID(),
      state: s.state,
      messages: s.messages.filter((m) => m.role !== "activity"),
      tools: this.tools.definitions(),
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
    this.suppressFollowUp = false;
    this.messageIdsBeforeRun = new Set(this.state.messages.map((m) => m.id));
    const input = this.buildInput(request);
    this.store.update((s) => ({ ...s, status: "running", error: null, interrupts: [] }));
    let transport: Transport;
    try {
      transport = await this.transport;
    } catch (error) {
      this.fail({ kind: "network", message: `Could not load the transport: ${(error as Error).message}` });
      return null;
    }
    if (controller.signal.aborted) {
      this.store.update((s) => ({ ...s, status: "idle", error: null, steps: [] }));
      return null;
    }
    transport.abortController = controller;
    let open = false;
    let ended = false;
    try {
      await new Promise<void>((resolve, reject) => {
        const subscription = validatedEvents(transport, input).subscribe({
          next: (event) => {
            for (const listener of this.eventListeners) listener(event);
            if (event.type === EventType.RUN_STARTED) open = true;
            if (event.type === EventType.RUN_FINISHED || event.type === EventType.RUN_ERROR) {
              open = false;
              ended = true;
              this.store.update((s) => this.markPendingTools(reduceEvent(s, event)));
            } else {
              this.store.dispatch(event);
            }
          },
          error: reject,
          complete: resolve,
        });
        controller.signal.addEventListener("abort", () => {
          subscription.unsubscribe();
          resolve();
        });
      });
    } catch (error) {
      if (!controller.signal.aborted && !isAbort(error)) {
        this.fail(toAgentError(error));
        return null;
      }
    } finally {
      if (this.controller === controller) this.controller = null;
    }
    if (controller.signal.aborted) {
      this.store.update((s) => ({ ...s, status: "idle", error: null, steps: [] }));
      return null;
    }
    if (open || !ended) {
      this.fail({ kind: "truncated", message: "The connection closed before the agent finished its reply." });
      return null;
    }
    const s = this.state;
    if (s.status === "error" || s.lastOutcome !== "success") return null;
    const pending = s.runToolCallIds.filter((id) => s.toolCallStatus[id] === "executing" || s.toolCallStatus[id] === "awaiting-input");
    return this.settleToolCalls(pending, controller);
  }

  /** After RUN_FINISHED: registered tools' pending calls become executing or awaiting input. */
  private markPendingTools(s: ThreadState): ThreadState {
    if (s.status !== "idle" || s.lastOutcome !== "success") return s;
    const statuses: Record<string, ToolCallStatus> = { ...s.toolCallStatus };
    let frontend = 0;
    let waiting = 0;
    for (const id of s.runToolCallIds) {
      if (statuses[id] === "complete" || statuses[id] === "error") continue;
      const tool = this.tools.get(this.findCall(s, id)?.function.name ?? "");
      if (tool) {
        frontend++;
        statuses[id] = tool.handler ? "executing" : "awaiting-input";
        if (!tool.handler) waiting++;
      } else {
        statuses[id] = "complete";
      }
    }
    const status = waiting > 0 ? "awaiting-input" : frontend > 0 ? "running" : "idle";
    return { ...s, toolCallStatus: statuses, status };
  }

  /** The call with this id, searching from the newest message. */
  private findCall(s: ThreadState, toolCallId: string): ToolCall | undefined {
    for (let i = s.messages.length - 1; i >= 0; i--) {
      const m = s.messages[i]!;
      const call = m.role === "assistant" ? m.toolCalls?.find((c) => c.id === toolCallId) : undefined;
      if (call) return call;
    }
    return undefined;
  }

  /** Runs handlers and waits for answers; each result lands as soon as it is ready. */
  private async settleToolCalls(ids: string[], controller: AbortController): Promise<RunRequest | null> {
    if (ids.length === 0) return null;
    this.controller = controller;
    let followUp = false;
    let failed: string | undefined;
    await Promise.all(
      ids.map(async (id) => {
        const call = this.findCall(this.state, id);
        const tool = call && this.tools.get(call.function.name);
        if (!tool || !call) return;
        if (tool.followUp !== false) followUp = true;
        // Waiting starts at once, so an answer given while the arguments are checked is not lost.
        const answer = tool.handler ? undefined : this.waitForAnswer(id);
        const checked = await checkArgs(tool, call.function.arguments);
        let outcome: ToolOutcome;
        if (!checked.ok) {
          this.waiting.delete(id);
          outcome = failure(checked.error);
        } else if (tool.handler) outcome = await runHandler({ ...tool, handler: tool.handler }, checked.args, id, controller.signal);
        else outcome = await answer!;
        if (controller.signal.aborted && !outcome.error) outcome = failure(CANCELLED);
        if (outcome.error && outcome.error !== CANCELLED) failed ??= outcome.error;
        this.store.update((state) => {
          const next = addToolResult(state, toolMessage(id, outcome), outcome.error ? "error" : "complete");
          const waitingNow = this.waiting.size > 0;
          return { ...next, status: waitingNow ? "awaiting-input" : state.status === "awaiting-input" ? "running" : state.status };
        });
      }),
    );
    if (this.controller === controller) this.controller = null;
    if (controller.signal.aborted || this.suppressFollowUp || !followUp) {
      this.suppressFollowUp = false;
      // With no follow-up run, no agent will answer the failure: the thread reports it.
      if (failed && !controller.signal.aborted && !followUp) this.fail({ kind: "tool", message: failed });
      else this.store.update((s) => (s.status === "idle" ? s : { ...s, status: "idle" }));
      return null;
    }
    return {};
  }

  private waitForAnswer(toolCallId: string): Promise<ToolOutcome> {
    const early = this.early.get(toolCallId);
    this.early.delete(toolCallId);
    if (early) return Promise.resolve(early);
    return new Promise<ToolOutcome>((resolve) => this.waiting.set(toolCallId, resolve));
  }

  /** A thread restored with frontend calls unanswered picks them up once their tools exist. */
  private resumePendingToolCalls(): void {
    const s = this.state;
    if (s.status !== "idle" || this.controller) return;
    const answered = new Set(s.messages.flatMap((m) => (m.role === "tool" ? [m.toolCallId] : [])));
    const lastUser = s.messages.findLastIndex((m) => m.role === "user");
    const pending = s.messages
      .slice(lastUser + 1)
      .flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []))
      .filter((c) => !answered.has(c.id) && this.tools.get(c.function.name) && !this.waiting.has(c.id));
    if (pending.length === 0) return;
    const ids = pending.map((c) => c.id);
    this.store.update((state) => {
      const statuses = { ...state.toolCallStatus };
      for (const c of pending) statuses[c.id] = this.tools.get(c.function.name)!.handler ? "executing" : "awaiting-input";
      const waiting = pending.some((c) => !this.tools.get(c.function.name)!.handler);
      return { ...state, toolCallStatus: statuses, status: waiting ? "awaiting-input" : "running" };
    });
    void this.enqueue({ toolCallIds: ids });
  }

  private fail(error: AgentError): void {
    this.store.update((s) => ({ ...s, status: "error", error, steps: [] }));
  }
}

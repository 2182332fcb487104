import type { BaseEvent, Context, InputContent, Interrupt, Metadata, ResumeEntry, RunAgentInput } from "@ag-ui/core";
import { v4 as randomUUID } from "uuid";
import type { Diagnostic } from "../diagnostics/types.js";
import { ThreadFeedback } from "../feedback/threadFeedback.js";
import { metadataOf } from "../interrupts/metadata.js";
import { Outbox } from "../outbox/outbox.js";
import { type RunEndpoint, runEndpoint } from "../recording/endpoint.js";
import { EventLog } from "../recording/eventLog.js";
import { createThreadState, endSubagents } from "../reducer/reduceEvents.js";
import { isRejection } from "../reducer/rejection.js";
import type { RestorableThread } from "../storage/restoredState.js";
import type { ResumePoint } from "../storage/types.js";
import { createClientStore, type ThreadStore } from "../store/clientStore.js";
import { MessageIndex } from "../store/messageIndex.js";
import { type FrontendTool, ToolRegistry } from "../tools/registry.js";
import type { ToolParameters } from "../tools/schema.js";
import { createToolCallSelector, toContent } from "../tools/toolCallViews.js";
import { createTransport, loadPipeline, type Transport, type TransportOptions } from "../transport/index.js";
import type { AttachmentKind, ThreadState } from "../types.js";
import { BoundedLog } from "../util/boundedLog.js";
import { loadOnce } from "../util/loadOnce.js";
import { loadCapabilities, loadHistory } from "./agentServer.js";
import type { Branching } from "./branching.js";
import { type AgentClientOptions, stopOnServer } from "./clientOptions.js";
import { restoreThread } from "./resumeAfterReload.js";
import { RunLoop } from "./runLoop.js";
import type { RunOwnership } from "./runQueue.js";

const STOPPED = "Stopped by the user.";

/** Versions of turns (regenerate, edit, switch), a chunk of its own: most threads never need it. @internal */
export const loadBranching = loadOnce(() => import("./branching.js"));

/** Fetches it ahead (a thread with replies may soon be regenerated); one that fails loads again when used. */
const preloadBranching = () => void loadBranching().catch(() => undefined);
const ATTACHMENT_KINDS: readonly AttachmentKind[] = ["image", "audio", "video", "document"];

/**
 * One thread with one agent: the store, the tools, and the run loop that drives them.
 * Runs are serialized; frontend tools run when a run ends with their calls pending, and the
 * follow-up run starts once every result is in. No action rejects: every failure ends up in
 * `state.error`. A retired client (see `dispose`) refuses every action.
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
  /** This client's requests and events from its start (bounded): what `recordThread` starts from. */
  readonly log: EventLog;
  /**
   * What the kit refused, repaired, de-duplicated or stripped of this client's runs, and the
   * answers their requests did not expect, from its start (bounded by the `diagnostics` option;
   * empty when it is 0, the default).
   */
  readonly diagnostics: BoundedLog<Diagnostic>;
  /** Messages sent while a run goes on, or offline: `state.outbox`, with `remove` and `sendOn`. */
  readonly outbox: Outbox;
  /** Thumbs up and down on replies: `client.feedback.give(messageId, "up" | "down" | null, comment?)`. */
  readonly feedback = new ThreadFeedback(this, () => this.options);
  context: Context[];
  forwardedProps: Record<string, unknown>;
  private readonly eventListeners = new Set<(event: BaseEvent) => void>();
  private readonly runListeners = new Set<(input: RunAgentInput) => void>();
  private readonly loop: RunLoop;
  /** Versions of turns, made on the first regenerate, edit or switch (its code loads then: `loadBranching`). */
  private branching: Branching | undefined;

  constructor(private readonly options: AgentClientOptions) {
    this.log = new EventLog(this, options.eventLog);
    this.diagnostics = new BoundedLog(options.diagnostics, "diagnostics");
    this.transport = Promise.resolve(
      "transport" in options && options.transport ? options.transport : createTransport(options as TransportOptions),
    );
    this.context = options.context ?? [];
    this.forwardedProps = options.forwardedProps ?? {};
    this.store = createClientStore(
      createThreadState({
        threadId: options.threadId ?? randomUUID(),
        messages: options.initialMessages ?? [],
        ...(options.initialState !== undefined && { state: options.initialState }),
      }),
      options.schedule,
    );
    this.messages = new MessageIndex(this.store);
    this.loop = new RunLoop({
      store: this.store,
      tools: this.tools,
      transport: this.transport,
      input: () => ({ context: this.context, forwardedProps: this.forwardedProps }),
      stopOnServer: (runId) => stopOnServer(options, this.state.threadId, runId),
      eventListeners: this.eventListeners,
      runListeners: this.runListeners,
      failed: (error) => this.outbox.runFailed(error),
      settled: () => {
        // A reply is there to regenerate or edit: versions of a turn come in while nobody waits.
        preloadBranching();
        this.outbox.drain();
      },
      network: () => this.outbox.network,
    });
    this.outbox = new Outbox(this, this.loop, () => this.branching?.forget(), options.network);
    if (options.retry) this.outbox.backoff = { ...this.outbox.backoff, ...options.retry };
    // Runs wait for the recorder (it comes through the validation pipeline's chunk), so that it watches the first one too.
    if (options.diagnostics) this.waitFor(loadPipeline().then((pipeline) => pipeline.recordDiagnostics(this)));
    this.tools.onChange(() => this.loop.resumePendingToolCalls());
    options.signal?.addEventListener("abort", () => this.dispose(), { once: true });
  }

  get state(): ThreadState {
    return this.store.getState();
  }

  /** True once `dispose` ran (the thread was left or removed): actions on it are refused. */
  get retired(): boolean {
    return this.loop.isDisposed;
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

  /** Appends a user message (text or parts) and runs the agent, closing open questions; during a run, or offline, it waits in `outbox`. */
  sendMessage(content: string | InputContent[]): Promise<void> {
    return this.refused("sendMessage") ? Promise.resolve() : this.outbox.send(content);
  }

  /** Starts a run with the thread as it is (the agent speaks first, or picks up after setState); `forwardedProps` go with this run only. */
  runAgent = (request: { forwardedProps?: Record<string, unknown> } = {}): Promise<void> =>
    this.refused("runAgent", true) ? Promise.resolve() : this.loop.enqueue({ ...request });

  /** Aborts the request and any tool handlers; the thread is left idle with what it had. */
  stop(): void {
    this.outbox.hold();
    this.loop.abort();
    this.loop.closeOpenQuestions();
    this.store.update((s) => {
      const subagents = endSubagents(s.subagents, STOPPED);
      return s.status === "idle" && s.interrupts.length === 0 && subagents === s.subagents
        ? s
        : { ...s, status: "idle", error: null, interrupts: [], steps: [], subagents };
    });
  }

  /** Runs again after an error, without the failed run's partial output. */
  retry(): Promise<void> {
    if (this.state.status !== "error" || this.refused("retry", true)) return Promise.resolve();
    this.outbox.resume();
    return this.branching?.retry() ?? this.loop.retry();
  }

  /**
   * Calls `use` with the thread's `Branching`: at once where its code is loaded, else once it is.
   * Where it cannot be fetched (offline before it ever loaded), nothing changes and a warning says
   * so: the next try fetches it again.
   */
  private branch<T>(use: (branching: Branching) => T, what: string): T | Promise<T | undefined> {
    const made = (module: typeof import("./branching.js")) => {
      this.branching ??= new module.Branching(this.store, this.loop, () => this.stop());
      return use(this.branching);
    };
    const loaded = loadBranching.loaded();
    return loaded
      ? made(loaded)
      : loadBranching().then(made, (error: unknown) => {
          console.warn(
            `[tandem] ${what}: the code for versions of a turn could not be loaded (${String(error)}); nothing changed, try again`,
          );
          return undefined;
        });
  }

  /** Asks again for the reply to `messageId` (default: the last one), as a new version; the old one is kept. */
  regenerate(messageId?: string): Promise<void> {
    return this.refused("regenerate", true)
      ? Promise.resolve()
      : (this.branch((b) => b.regenerate(messageId), "regenerate()") as Promise<void>);
  }

  /** Sends an edited copy of a user message as a new version of that turn; the original is kept. */
  editMessage(messageId: string, content: string | InputContent[]): Promise<void> {
    return this.refused("editMessage", true)
      ? Promise.resolve()
      : (this.branch((b) => b.edit(messageId, content), "editMessage()") as Promise<void>);
  }

  /** Shows version `index` (0-based) of the turn `messageId` begins and closes questions left open on the one it leaves. Never runs the agent; does nothing while a run streams. */
  selectBranch = (messageId: string, index: number): void => {
    this.branch((b) => b.select(messageId, index), "selectBranch()");
  };

  /** Sets the agent state from the app; it is sent with the next run. */
  setState(next: unknown | ((previous: unknown) => unknown)): void {
    this.store.update((s) => ({ ...s, state: typeof next === "function" ? (next as (p: unknown) => unknown)(s.state) : next }));
  }

  /** Answers a human-in-the-loop tool call; the follow-up run starts once all pending calls are answered. */
  respond(toolCallId: string, result: unknown): void {
    if (this.refused("respond", true)) return;
    const outcome = { content: toContent(result) };
    // Saying no to a predicted change puts the state back as it was before the prediction.
    if (isRejection(result) && this.state.predictedFrom) {
      this.store.update((s) => (s.predictedFrom ? { ...s, state: s.predictedFrom.state, predictedFrom: null } : s));
    }
    const { settler } = this.loop;
    if (settler.answer(toolCallId, outcome)) return;
    // The run may still be closing its stream; keep the answer for when the call is settled.
    if (this.state.toolCallStatus[toolCallId] === "awaiting-input") settler.keepEarly(toolCallId, outcome);
    else console.warn(`[tandem] respond(): tool call "${toolCallId}" is not waiting for an answer`);
  }

  /** Answers an open interrupt with `payload` (and `metadata` for the resume entry); once every open one is answered, a run resumes with the answers. */
  resolveInterrupt(interruptId: string, payload?: unknown, metadata?: Metadata): Promise<void> {
    return this.answerInterrupt({ interruptId, status: "resolved", payload, metadata });
  }

  /** Declines an open interrupt (with `metadata` for the resume entry); once every open one is answered, a run resumes with the answers. */
  cancelInterrupt(interruptId: string, metadata?: Metadata): Promise<void> {
    return this.answerInterrupt({ interruptId, status: "cancelled", metadata });
  }

  /**
   * Keeps the arguments edited in an open approval before it is approved (`null` drops the
   * edit): stored with the thread (`ThreadState.decisions.drafts`), so a reload shows them.
   * Approving still sends them, as `editedArgs`.
   */
  setInterruptDraft(interruptId: string, args: Record<string, unknown> | null): void {
    if (this.refused("setInterruptDraft")) return;
    this.loop.answers.setDraft(interruptId, args);
  }

  /** When an open interrupt expires, on this machine's clock (ms, corrected for the agent's clock); null when it never does. */
  interruptDeadline = (interrupt: Interrupt): number | null => this.loop.answers.ledger.deadline(interrupt);

  /**
   * Puts a stored thread back: messages, state, open interrupts and tool-call statuses. Calls
   * that were waiting for a person ask again once their tools are registered; a reply that a
   * reload cut off is read on where the server resumes streams, else stays, marked as an error
   * that Retry picks up from. Messages sent before the stored thread arrived stay, after it,
   * unless `replace` (another tab's newer copy) is asked. `takeOver`: the stored copy is of a
   * run whose owner tab went away mid-run; this tab reads it on as a reload would (read-only,
   * joining it, while this client follows another device's run). Returns the run read on, which
   * settles once it has ended; undefined when none is.
   */
  restore(thread: RestorableThread, { replace = false, takeOver = false } = {}): Promise<void> | undefined {
    const fresh = takeOver || (this.state.messages.length === 0 && this.state.status === "idle");
    const how = replace && !takeOver ? "follow" : fresh ? "whole" : "merge";
    const before = this.state.status;
    const reading = restoreThread(this.loop, this.store, thread, how, this.options.resumeWindowMs);
    if (thread.messages.length > 0) preloadBranching();
    // A reply a reload cut off, or another tab's run that failed: what waits here is held.
    if (this.state.status === "error" && before !== "error") this.outbox.runFailed(this.state.error!);
    // A thread read while the user answered here keeps this tab's answers.
    if (how !== "merge") this.loop.answers.restore(thread.decisions);
    this.loop.resumePendingToolCalls();
    if (!replace) this.outbox.drain("online"); // another tab's copy is that tab's to send
    return reading;
  }

  /**
   * Follows a run another tab owns (true), or stops following it (false: that run ended, or this
   * tab took it over). While following, `state.following` is true and this client executes
   * nothing: no tool handlers, follow-ups, answers; messages sent wait in the outbox.
   * @internal set by the `ThreadRuntime` that keeps the thread (see `RunOwner`)
   */
  follow(following: boolean): void {
    if (this.loop.following === following) return;
    this.loop.following = following;
    this.store.update((s) => (s.following === following ? s : { ...s, following }));
    if (!following) this.outbox.drain();
  }

  /**
   * Who owns this thread's runs across tabs: runs start once this tab holds it.
   * @internal set by the `ThreadRuntime` that keeps the thread (see `RunOwner`)
   */
  set ownership(ownership: RunOwnership | null) {
    this.loop.queue.ownership = ownership;
  }

  /** A run is queued or going on in this client. @internal */
  get runPending(): boolean {
    return this.loop.queue.pending;
  }

  /** Where the running run's stream is (ids of its first and last events), for a reload to read on; null when none. */
  get resumePoint(): ResumePoint | null {
    return this.loop.resumePoint;
  }

  /** Runs wait for `ready` before they start (e.g. the thread being read from storage). */
  waitFor = (ready: Promise<unknown>): void => this.loop.queue.waitFor(ready);

  /** Loads stored history from servers that keep it (the agent runtime). */
  loadHistory = (signal = new AbortController().signal): Promise<void> => loadHistory(this.store, this.transport, this.loop, signal);

  /** Reads what the agent advertises, where the transport can; a failure leaves it unknown. */
  loadCapabilities = (signal = new AbortController().signal): Promise<void> => loadCapabilities(this.store, this.transport, signal);

  /** Fetches the code that validates a run's events ahead of the first run (call it when idle). */
  preload(): void {
    loadPipeline().catch(() => undefined);
  }

  /** Stops for good and retires the client: no further runs start, and later actions are refused. */
  dispose(): void {
    this.outbox.dispose();
    this.loop.dispose();
    this.stop();
    this.eventListeners.clear();
    this.runListeners.clear();
  }

  /**
   * Refuses `action`, with a warning, on a retired client, and when `acts` (it would run the
   * thread's turn) while this client follows a run another tab or device owns (that one runs it).
   */
  private refused(action: string, acts = false): boolean {
    const why = this.retired
      ? "this thread's client was retired (the thread was left)"
      : acts && this.loop.following
        ? "another tab or device runs this thread"
        : "";
    if (why) console.warn(`[tandem] ${action}(): ${why}; nothing was sent`);
    return why !== "";
  }

  private answerInterrupt({ payload, metadata, ...entry }: ResumeEntry): Promise<void> {
    if (this.refused("resolveInterrupt")) return Promise.resolve();
    return this.loop.answers.answer({ ...entry, ...(payload !== undefined && { payload }), ...(metadataOf(metadata) && { metadata }) });
  }
}

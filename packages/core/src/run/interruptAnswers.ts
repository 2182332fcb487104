import type { Interrupt, Message, ResumeEntry, RunAgentInput } from "@ag-ui/core";
import { type InterruptDecisions, NO_DECISIONS, withoutDraft } from "../interrupts/decisions.js";
import { addToolResult } from "../reducer/toolResults.js";
import type { ThreadStore } from "../store/createThreadStore.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { ThreadState } from "../types.js";
import { loadOnce } from "../util/loadOnce.js";
import { InterruptLedger } from "./interruptLedger.js";
import type { InterruptResponder } from "./interruptResponder.js";
import type { RunRequest } from "./runRequest.js";
import { markPendingCalls } from "./status.js";
import { toolMessage } from "./toolRunner.js";
import { CANCELLED } from "./toolSettler.js";

const REJECTED = "Rejected by the user.";

/** What interrupts need from the run loop that owns them. */
export interface InterruptAnswersHost {
  readonly store: ThreadStore;
  readonly tools: ToolRegistry;
  /** Another tab owns the run going on: it answers there, not here. */
  following(): boolean;
  /** Queues the run that carries the answers (after the approved tools it runs first). */
  enqueue(request: RunRequest): Promise<void>;
}

/**
 * Loads the code that answers interrupts (the resume run, approved tools, expiry), once. It is a
 * chunk of its own, so a chat whose agent never asks ships none of it; a client loads it when
 * the first interrupt arrives or a thread brings one, and an app may load it earlier (while
 * idle, to answer offline later; `preloadChat()` does).
 */
export const loadInterruptAnswering = loadOnce(() => import("./interruptResponder.js"));

/**
 * A run's interrupts, as the run loop sees them. What every run needs is here: each interrupt's
 * deadline and the answers waiting to go (the ledger), drafts of edited arguments, and what a
 * new message or Stop does to open ones. Answering itself (the resume run, approved tools, the
 * expiry timer, LangGraph's command) is the responder, loaded when the first interrupt arrives
 * or a thread brings some, so it is in by the time a person answers.
 */
export class InterruptAnswers {
  /** The answers waiting to go, and each interrupt's deadline. */
  readonly ledger = new InterruptLedger();
  private responder: InterruptResponder | null = null;
  private loading: Promise<InterruptResponder> | null = null;
  private disposed = false;

  constructor(private readonly host: InterruptAnswersHost) {}

  /** Loads the responder (once), or returns it. A load that failed is tried again by the next call. */
  private load(): Promise<InterruptResponder> {
    const ready = this.ready();
    if (ready) return Promise.resolve(ready);
    this.loading ??= loadInterruptAnswering().then(
      (module) => {
        this.responder ??= this.create(module);
        return this.responder;
      },
      (error: Error) => {
        this.loading = null;
        throw new Error(`Could not load Tandem's interrupt answering: ${error.message}`);
      },
    );
    return this.loading;
  }

  /** The responder, once its code is in (made here when another client loaded it). */
  private ready(): InterruptResponder | null {
    const loaded = loadInterruptAnswering.loaded();
    if (loaded && !this.responder) this.responder = this.create(loaded);
    return this.responder;
  }

  /** The responder, given what it asks of the loop. */
  private create({ InterruptResponder }: typeof import("./interruptResponder.js")): InterruptResponder {
    const { store, tools } = this.host;
    const settle = (id: string, content: string) => (s: ThreadState) => addToolResult(s, toolMessage(id, { content }), "complete");
    const responder = new InterruptResponder(
      {
        ...this.host,
        settleUnrun: ({ rejected, cancelled }) => {
          for (const id of rejected) store.update(settle(id, REJECTED));
          for (const id of cancelled) store.update(settle(id, CANCELLED));
        },
        markPending: (ids) => store.update((s) => markPendingCalls(s, ids, tools)),
      },
      this.ledger,
    );
    if (this.disposed) responder.dispose();
    return responder;
  }

  /** Runs `use` with the responder: at once when it is in, else once it has loaded (in call order). */
  private withResponder(use: (responder: InterruptResponder) => void | Promise<void>): Promise<void> {
    const ready = this.ready();
    return ready ? Promise.resolve(use(ready)) : this.load().then(use);
  }

  /** Starts loading the responder, for interrupts a person will answer soon. */
  private preload(): void {
    this.load().catch((error: Error) => console.warn(`[tandem] ${error.message}`));
  }

  /** A run finished with these interrupts; `offsetMs` is how far the agent's clock runs ahead of this one. */
  arrived(interrupts: readonly Interrupt[], offsetMs: number): void {
    this.ledger.arrived(interrupts, offsetMs);
    if (interrupts.length > 0) this.preload();
  }

  /**
   * Records an answer to an interrupt; the run that carries them all starts once none is open
   * (expired ones go as cancelled). An expired interrupt cannot be resolved any more. Where
   * answering cannot be loaded (offline, a deploy replaced the file), the interrupt stays open,
   * with its drafts, and answering again loads it again.
   */
  answer(entry: ResumeEntry): Promise<void> {
    return this.withResponder((responder) => responder.answer(entry)).catch((error: Error) =>
      console.warn(`[tandem] interrupt "${entry.interruptId}" is still open: ${error.message}; answer again to try again`),
    );
  }

  /**
   * Edited arguments of an open approval, not approved yet (`null` drops them): kept with the
   * thread, so a reload shows the edit; sent only with the approval.
   */
  setDraft(interruptId: string, args: Record<string, unknown> | null): void {
    this.host.store.update((s) => {
      if (!s.interrupts.some((i) => i.id === interruptId)) return s;
      if (args === null) {
        const drafts = withoutDraft(s.decisions.drafts, interruptId);
        return drafts === s.decisions.drafts ? s : { ...s, decisions: { ...s.decisions, drafts } };
      }
      return { ...s, decisions: { ...s.decisions, drafts: { ...s.decisions.drafts, [interruptId]: args } } };
    });
  }

  /**
   * Puts back the decisions stored with a thread: the answers wait in the ledger for the rest,
   * and the edits show again. An answer whose interrupt has expired since is not sent: that
   * interrupt shows again, expired, and goes to the agent as cancelled.
   */
  restore(decisions: InterruptDecisions | undefined): void {
    const stored = decisions ?? NO_DECISIONS;
    const now = Date.now();
    const answered = stored.answered.filter((a) => !this.ledger.expired(a.interrupt, now));
    const expired = stored.answered.filter((a) => this.ledger.expired(a.interrupt, now)).map((a) => a.interrupt);
    this.ledger.restore(answered.map((a) => a.entry));
    this.host.store.update((s) => {
      const interrupts =
        expired.length > 0 ? [...s.interrupts, ...expired.filter((i) => !s.interrupts.some((o) => o.id === i.id))] : s.interrupts;
      const next = answered.length === 0 && Object.keys(stored.drafts).length === 0 ? NO_DECISIONS : { answered, drafts: stored.drafts };
      return next === s.decisions && interrupts === s.interrupts ? s : { ...s, interrupts, decisions: next };
    });
    if (this.host.store.getState().interrupts.length === 0) return;
    // The rest are answered here: answering loads now, and answers held wait for the deadlines.
    if (answered.length === 0) this.preload();
    else this.withResponder((responder) => responder.waitForExpiry()).catch((error: Error) => console.warn(`[tandem] ${error.message}`));
  }

  /** Answering while it loads (answers given meanwhile go with the next run, which is built once it is in); else null. */
  pending(): Promise<void> | null {
    return this.loading && !this.responder ? this.loading.then(noop, noop) : null;
  }

  /** The answers a run carries (with those `resume` adds), routed where the agent reads them: `resume`, or LangGraph's command. */
  route(
    resume: ResumeEntry[] | undefined,
    forwardedProps: Record<string, unknown>,
  ): { resume: ResumeEntry[]; forwardedProps: Record<string, unknown> } {
    const ready = this.ready();
    return ready ? ready.route(resume, forwardedProps) : { resume: this.ledger.takeResume(resume), forwardedProps };
  }

  /** The user messages of `input` LangGraph did not hear (a resumed run ignores its input), to send again. */
  unheard(input: RunAgentInput, messages: readonly Message[]): Message[] {
    return this.responder?.unheard(input, messages) ?? [];
  }

  /** Open interrupts are cancelled next run, and the app's own calls they were about get a cancelled result. */
  abandonOpen(): void {
    const open = this.host.store.getState().interrupts;
    this.ledger.abandon(open);
    this.host.store.update((s) => (s.decisions === NO_DECISIONS ? s : { ...s, decisions: NO_DECISIONS }));
    if (open.length === 0 && !this.responder && !this.loading) return;
    this.withResponder((responder) => responder.abandoned(open)).catch((error: Error) => console.warn(`[tandem] ${error.message}`));
  }

  /** No timer is left running, and none starts again. */
  dispose(): void {
    this.disposed = true;
    this.responder?.dispose();
  }
}

function noop(): void {}

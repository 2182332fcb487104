import type { Interrupt, ResumeEntry } from "@ag-ui/core";
import { approvedCalls } from "../interrupts/approvedCalls.js";
import { type InterruptDecisions, NO_DECISIONS } from "../interrupts/decisions.js";
import { addToolResult } from "../reducer/toolResults.js";
import type { ThreadStore } from "../store/createThreadStore.js";
import type { ToolRegistry } from "../tools/registry.js";
import { CommandResume } from "../transport/langGraphInterrupts.js";
import type { ThreadState } from "../types.js";
import { InterruptLedger } from "./interruptLedger.js";
import type { RunRequest } from "./runRequest.js";
import { markPendingCalls } from "./status.js";
import { toolMessage } from "./toolRunner.js";
import { CANCELLED } from "./toolSettler.js";

const REJECTED = "Rejected by the user.";
/** setTimeout takes at most 2^31 - 1 ms; a later deadline is checked again then. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** What answering interrupts needs from the run loop that owns it. */
export interface InterruptAnswersHost {
  readonly store: ThreadStore;
  readonly tools: ToolRegistry;
  /** Another tab owns the run going on: it answers there, not here. */
  following(): boolean;
  /** Queues the run that carries the answers (after the approved tools it runs first). */
  enqueue(request: RunRequest): Promise<void>;
}

/**
 * The person's side of a run's interrupts: answers (and edits not sent yet) are kept with the
 * thread, and the run that carries them all starts once none is open. An interrupt that expires
 * unanswered goes as cancelled; a timer wakes up at the next deadline to send answers that were
 * only waiting for it.
 */
export class InterruptAnswers {
  /** The answers waiting to go, and each interrupt's deadline. */
  readonly ledger = new InterruptLedger();
  /** Answers to LangGraph's `on_interrupt` interrupts go as `forwardedProps.command.resume`. */
  readonly commandResume = new CommandResume();
  /** Wakes up when an open interrupt expires, to send answers that were only waiting for it. */
  private expiryTimer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;

  constructor(private readonly host: InterruptAnswersHost) {}

  private get state(): ThreadState {
    return this.host.store.getState();
  }

  /**
   * Records an answer to an interrupt; the run that carries them all starts once none is open
   * (expired ones go as cancelled). An expired interrupt cannot be resolved any more.
   */
  answer(entry: ResumeEntry): Promise<void> {
    if (this.host.following()) {
      console.warn(`[tandem] interrupt "${entry.interruptId}": another tab owns this run; it is answered there`);
      return Promise.resolve();
    }
    const open = this.state.interrupts;
    const interrupt = open.find((i) => i.id === entry.interruptId);
    if (!interrupt) {
      console.warn(`[tandem] no pending interrupt "${entry.interruptId}"`);
      return Promise.resolve();
    }
    if (entry.status === "resolved" && this.ledger.expired(interrupt)) {
      console.warn(`[tandem] interrupt "${entry.interruptId}" has expired; it goes to the agent as cancelled`);
      return Promise.resolve();
    }
    this.commandResume.note(open);
    const { remaining, resume } = this.ledger.answer(entry, open);
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
    if (answered.length > 0) this.armExpiryTimer(this.state.interrupts);
  }

  /** The answers a run carries (with those `resume` adds), routed where the agent reads them: `resume`, or LangGraph's command. */
  route(
    resume: ResumeEntry[] | undefined,
    forwardedProps: Record<string, unknown>,
  ): { resume: ResumeEntry[]; forwardedProps: Record<string, unknown> } {
    return this.commandResume.route(this.ledger.takeResume(resume), forwardedProps);
  }

  /** Open interrupts are cancelled next run, and the app's own calls they were about get a cancelled result. */
  abandonOpen(): void {
    const open = this.state.interrupts;
    this.commandResume.note(open);
    this.ledger.abandon(open);
    this.clearExpiryTimer();
    this.host.store.update((s) => (s.decisions === NO_DECISIONS ? s : { ...s, decisions: NO_DECISIONS }));
    const cancelled = open.map((i) => ({ interruptId: i.id, status: "cancelled" as const }));
    this.settleUnrun(approvedCalls(cancelled, open, this.state, this.host.tools));
  }

  /** No timer is left running, and none starts again. */
  dispose(): void {
    this.disposed = true;
    this.clearExpiryTimer();
  }

  /** Runs the approved frontend tools (with edited arguments where given), then the run that carries the answers. */
  private resume(resume: ResumeEntry[], open: readonly Interrupt[]): Promise<void> {
    this.clearExpiryTimer();
    const calls = approvedCalls(resume, open, this.state, this.host.tools);
    const { run, editedArgs } = calls;
    this.settleUnrun(calls);
    if (run.length === 0) return this.host.enqueue({ resume });
    this.host.store.update((s) => markPendingCalls(s, run, this.host.tools));
    return this.host.enqueue({ resume, toolCallIds: run, editedArgs });
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
    const next = this.ledger.nextDeadline(open);
    if (next === null || this.disposed) return;
    this.expiryTimer = setTimeout(
      () => {
        this.expiryTimer = null;
        const still = this.state.interrupts;
        const resume = this.ledger.ready(still);
        if (!resume) return this.armExpiryTimer(still);
        this.host.store.update((s) => ({ ...s, interrupts: [], decisions: NO_DECISIONS }));
        void this.resume(resume, still);
      },
      Math.min(next - Date.now(), MAX_TIMEOUT_MS),
    );
  }

  private clearExpiryTimer(): void {
    if (this.expiryTimer !== null) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
  }
}

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!Object.hasOwn(record, key)) return record;
  const { [key]: _, ...rest } = record;
  return rest;
}

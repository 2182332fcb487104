import type { Interrupt, Message, ResumeEntry, RunAgentInput } from "@ag-ui/core";
import { approvedCalls } from "../interrupts/approvedCalls.js";
import { NO_DECISIONS, withoutDraft } from "../interrupts/decisions.js";
import type { ThreadStore } from "../store/createThreadStore.js";
import type { ToolRegistry } from "../tools/registry.js";
import { CommandResume } from "../transport/langGraphInterrupts.js";
import type { ThreadState } from "../types.js";
import type { InterruptLedger } from "./interruptLedger.js";
import type { RunRequest } from "./runRequest.js";

/** setTimeout takes at most 2^31 - 1 ms; a later deadline is checked again then. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** What answering interrupts needs from the run loop that owns it. */
export interface InterruptResponderHost {
  readonly store: ThreadStore;
  readonly tools: ToolRegistry;
  /** Another tab owns the run going on: it answers there, not here. */
  following(): boolean;
  /** Queues the run that carries the answers (after the approved tools it runs first). */
  enqueue(request: RunRequest): Promise<void>;
  /** Gives the app's calls that were rejected or cancelled instead of run their results. */
  settleUnrun(calls: { rejected: string[]; cancelled: string[] }): void;
  /** Marks the approved calls as about to run. */
  markPending(toolCallIds: string[]): void;
}

/**
 * The person's side of a run's interrupts, a chunk of its own that `InterruptAnswers` loads with
 * the first interrupt: answers are kept with the thread, and the run that carries them all starts
 * once none is open. An interrupt that expires unanswered goes as cancelled; a timer wakes up at
 * the next deadline to send answers that were only waiting for it.
 */
export class InterruptResponder {
  /** Answers to LangGraph's `on_interrupt` interrupts go as `forwardedProps.command.resume`. */
  private readonly commandResume = new CommandResume();
  /** Wakes up when an open interrupt expires, to send answers that were only waiting for it. */
  private expiryTimer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;

  constructor(
    private readonly host: InterruptResponderHost,
    /** The answers waiting to go, and each interrupt's deadline (the loop's, kept eagerly). */
    private readonly ledger: InterruptLedger,
  ) {}

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
            drafts: withoutDraft(s.decisions.drafts, entry.interruptId),
          },
    }));
    if (resume) return this.resume(resume, open);
    this.armExpiryTimer(remaining);
    return Promise.resolve();
  }

  /** Arms the timer for the open interrupts' deadlines (answers restored with a thread wait for it too). */
  waitForExpiry(): void {
    this.armExpiryTimer(this.state.interrupts);
  }

  /** The answers a run carries (with those `resume` adds), routed where the agent reads them: `resume`, or LangGraph's command. */
  route(
    resume: ResumeEntry[] | undefined,
    forwardedProps: Record<string, unknown>,
  ): { resume: ResumeEntry[]; forwardedProps: Record<string, unknown> } {
    return this.commandResume.route(this.ledger.takeResume(resume), forwardedProps);
  }

  /** The user messages LangGraph did not hear in the last run, to send again (see `CommandResume.unheard`). */
  unheard(input: RunAgentInput, messages: readonly Message[]): Message[] {
    return this.commandResume.unheard(input, messages);
  }

  /**
   * These interrupts were left open (already in the ledger as cancelled): the command routes
   * their answers, no timer waits for them, and the app's own calls they were about get a
   * cancelled result.
   */
  abandoned(open: readonly Interrupt[]): void {
    this.commandResume.note(open);
    this.clearExpiryTimer();
    const cancelled = open.map((i) => ({ interruptId: i.id, status: "cancelled" as const }));
    this.host.settleUnrun(approvedCalls(cancelled, open, this.state, this.host.tools));
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
    this.host.settleUnrun(calls);
    if (run.length === 0) return this.host.enqueue({ resume });
    this.host.markPending(run);
    return this.host.enqueue({ resume, toolCallIds: run, editedArgs });
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

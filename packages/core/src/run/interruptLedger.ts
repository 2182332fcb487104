import type { Interrupt, ResumeEntry } from "@ag-ui/core";
import { interruptDeadline } from "../interrupts/expiry.js";

/**
 * Answers to the interrupts a run finished with. The agent hears them all at once, in the
 * next run's `resume`; interrupts left open by a stop or a new message go as cancelled, and so
 * do those that expired unanswered. Also keeps each interrupt's deadline on this machine's clock.
 */
export class InterruptLedger {
  private readonly answers = new Map<string, ResumeEntry>();
  private abandoned: ResumeEntry[] = [];
  private readonly deadlines = new Map<string, number | null>();

  /** A run finished with these interrupts; `offsetMs` is how far the agent's clock runs ahead of this one. */
  arrived(interrupts: readonly Interrupt[], offsetMs: number): void {
    this.deadlines.clear();
    for (const i of interrupts) this.deadlines.set(i.id, interruptDeadline(i, offsetMs));
  }

  /** When the interrupt expires on this machine's clock (ms), or null when it never does. */
  deadline(interrupt: Interrupt): number | null {
    // A restored thread's interrupts did not arrive here: their clocks are taken as agreeing.
    return this.deadlines.has(interrupt.id) ? this.deadlines.get(interrupt.id)! : interruptDeadline(interrupt);
  }

  /** Whether the interrupt can no longer be answered. */
  expired(interrupt: Interrupt, now = Date.now()): boolean {
    const deadline = this.deadline(interrupt);
    return deadline !== null && now >= deadline;
  }

  /**
   * Records an answer; `remaining` are the interrupts still shown (expired ones stay, saying
   * so). Once none of them can be answered any more, the `resume` to send: the answers, and the
   * expired ones as cancelled.
   */
  answer(entry: ResumeEntry, open: readonly Interrupt[], now = Date.now()): { remaining: Interrupt[]; resume: ResumeEntry[] | null } {
    this.answers.set(entry.interruptId, entry);
    const remaining = open.filter((i) => i.id !== entry.interruptId);
    const resume = this.ready(remaining, now);
    return resume ? { remaining: [], resume } : { remaining, resume };
  }

  /** The `resume` to send when every one of `open` has expired and something was answered; else null. */
  ready(open: readonly Interrupt[], now = Date.now()): ResumeEntry[] | null {
    if (this.answers.size === 0 || open.some((i) => !this.expired(i, now))) return null;
    const resume = [...this.answers.values(), ...open.map((i) => ({ interruptId: i.id, status: "cancelled" as const }))];
    this.answers.clear();
    return resume;
  }

  /** Puts back answers given before a reload (stored with the thread), in place of any held. */
  restore(entries: readonly ResumeEntry[]): void {
    this.answers.clear();
    for (const e of entries) this.answers.set(e.interruptId, e);
  }

  /** The answers held, waiting for the rest of the open interrupts. */
  held(): ResumeEntry[] {
    return [...this.answers.values()];
  }

  /** The earliest deadline among `open` still ahead of `now`, if any. */
  nextDeadline(open: readonly Interrupt[], now = Date.now()): number | null {
    const ahead = open.map((i) => this.deadline(i)).filter((d): d is number => d !== null && d > now);
    return ahead.length > 0 ? Math.min(...ahead) : null;
  }

  /** These interrupts will not be answered: the next run says they were cancelled (and carries the answers already given). */
  abandon(open: readonly Interrupt[]): void {
    this.abandoned.push(...this.answers.values());
    this.answers.clear();
    this.abandoned.push(...open.map((i) => ({ interruptId: i.id, status: "cancelled" as const })));
  }

  /** Answers that could not go out (their run was stopped): the next run carries them. */
  carry(entries: readonly ResumeEntry[]): void {
    this.abandoned.push(...entries);
  }

  /** The `resume` of the next run: the entries left by `abandon` not answered since, then `answers`. */
  takeResume(answers: readonly ResumeEntry[] = []): ResumeEntry[] {
    const resume = [...this.abandoned.filter((a) => !answers.some((r) => r.interruptId === a.interruptId)), ...answers];
    this.abandoned = [];
    return resume;
  }
}

import type { Interrupt, ResumeEntry } from "@ag-ui/core";

/**
 * Answers to the interrupts a run finished with. The agent hears them all at once, in the
 * next run's `resume`; interrupts left open by a stop or a new message go as cancelled.
 */
export class InterruptLedger {
  private readonly answers = new Map<string, ResumeEntry>();
  private abandoned: ResumeEntry[] = [];

  /** Records an answer; once none of `open` is left, the `resume` to send. */
  answer(entry: ResumeEntry, open: readonly Interrupt[]): { remaining: Interrupt[]; resume: ResumeEntry[] | null } {
    this.answers.set(entry.interruptId, entry);
    const remaining = open.filter((i) => i.id !== entry.interruptId);
    if (remaining.length > 0) return { remaining, resume: null };
    const resume = [...this.answers.values()];
    this.answers.clear();
    return { remaining, resume };
  }

  /** These interrupts will not be answered: the next run says they were cancelled. */
  abandon(open: readonly Interrupt[]): void {
    this.abandoned.push(...open.map((i) => ({ interruptId: i.id, status: "cancelled" as const })));
  }

  /** The `resume` of the next run: the cancelled ones not answered since, then `answers`. */
  takeResume(answers: readonly ResumeEntry[] = []): ResumeEntry[] {
    const resume = [...this.abandoned.filter((a) => !answers.some((r) => r.interruptId === a.interruptId)), ...answers];
    this.abandoned = [];
    return resume;
  }
}

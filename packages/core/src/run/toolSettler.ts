import type { ToolCall } from "@ag-ui/core";
import type { FrontendTool } from "../tools/registry.js";
import { checkArgs, failure, runHandler, type ToolOutcome } from "./toolRunner.js";

export const CANCELLED = "Cancelled by the user.";

/** What a batch of settled calls leaves for the run loop to decide. */
export interface Settled {
  /** Some tool wants the agent to hear its result. */
  followUp: boolean;
  /** The first real failure (not a cancellation), for a thread that runs no follow-up. */
  failed?: string;
}

/**
 * The answers to human-in-the-loop calls: who is waiting, answers that came before the wait
 * began (the run was still closing its stream), and whether a batch was closed without a real
 * answer, in which case no follow-up run asks the agent about it.
 */
export class ToolSettler {
  private readonly waiting = new Map<string, (outcome: ToolOutcome) => void>();
  private readonly early = new Map<string, ToolOutcome>();
  private suppressed = false;

  get waitingCount(): number {
    return this.waiting.size;
  }

  isWaiting(toolCallId: string): boolean {
    return this.waiting.has(toolCallId);
  }

  /** The answer to this call: one given early, or the next `answer` for it. */
  wait(toolCallId: string): Promise<ToolOutcome> {
    const early = this.early.get(toolCallId);
    this.early.delete(toolCallId);
    if (early) return Promise.resolve(early);
    return new Promise<ToolOutcome>((resolve) => this.waiting.set(toolCallId, resolve));
  }

  /** Stops waiting for this call without an answer (its arguments were refused). */
  release(toolCallId: string): void {
    this.waiting.delete(toolCallId);
  }

  /** Answers a waiting call; `followUp: false` means the batch ends without a follow-up run. */
  answer(toolCallId: string, outcome: ToolOutcome, followUp = true): boolean {
    const resolve = this.waiting.get(toolCallId);
    if (!resolve) return false;
    this.waiting.delete(toolCallId);
    if (!followUp) this.suppressed = true;
    resolve(outcome);
    return true;
  }

  /** Keeps an answer for a call whose wait has not begun yet. */
  keepEarly(toolCallId: string, outcome: ToolOutcome): void {
    this.early.set(toolCallId, outcome);
  }

  /** Closes every open question with `outcome`, with no follow-up run. */
  cancelAll(outcome: ToolOutcome): void {
    this.early.clear();
    for (const id of [...this.waiting.keys()]) this.answer(id, outcome, false);
  }

  /**
   * Runs the handlers and waits for the answers of a batch of calls; each outcome is passed to
   * `onResult` as soon as it is ready. Resolves when every call is settled.
   */
  async settle(
    calls: readonly { call: ToolCall; tool: FrontendTool }[],
    signal: AbortSignal,
    onResult: (toolCallId: string, outcome: ToolOutcome) => void,
  ): Promise<Settled> {
    const settled: Settled = { followUp: false };
    await Promise.all(
      calls.map(async ({ call, tool }) => {
        const id = call.id;
        if (tool.followUp !== false) settled.followUp = true;
        // Waiting starts at once, so an answer given while the arguments are checked is not lost.
        const answer = tool.handler ? undefined : this.wait(id);
        const checked = await checkArgs(tool, call.function.arguments);
        let outcome: ToolOutcome;
        if (!checked.ok) {
          this.release(id);
          outcome = failure(checked.error);
        } else if (tool.handler) outcome = await runHandler({ ...tool, handler: tool.handler }, checked.args, id, signal);
        else outcome = await answer!;
        if (signal.aborted && !outcome.error) outcome = failure(CANCELLED);
        if (outcome.error && outcome.error !== CANCELLED) settled.failed ??= outcome.error;
        onResult(id, outcome);
      }),
    );
    return settled;
  }

  /** Whether the batch just settled was closed without a real answer; resets it. */
  takeSuppressed(): boolean {
    const suppressed = this.suppressed;
    this.suppressed = false;
    return suppressed;
  }
}

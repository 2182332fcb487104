import type { InputContent, Message } from "@ag-ui/core";
import { v4 as randomUUID } from "uuid";
import { fork, switchVersion, unfork } from "../branches/branches.js";
import type { ThreadStore } from "../store/createThreadStore.js";
import type { RunLoop } from "./runLoop.js";

/**
 * Versions of a thread's turns: edits and regenerations start new ones, `select` switches
 * between them. A regenerated reply that is stopped or fails before its first word is taken
 * back, so the one it replaced is on screen again, and Retry asks again.
 */
export class Branching {
  /** The latest regenerate; one that ends before its first word is taken back. */
  private regeneration: object | null = null;
  /** Where Retry regenerates again, after a regeneration that failed was taken back. */
  private retryAt: number | null = null;

  constructor(
    private readonly store: ThreadStore,
    private readonly loop: RunLoop,
    private readonly stop: () => void,
  ) {}

  /** A later action supersedes a regeneration: it is not taken back, and Retry no longer asks again. */
  forget(): void {
    this.regeneration = null;
    this.retryAt = null;
  }

  /** Retry after a regeneration that was taken back: asks again; null when Retry is an ordinary one. */
  retry(): Promise<void> | null {
    return this.retryAt === null ? null : this.branchFrom(this.retryAt, []);
  }

  regenerate(messageId?: string): Promise<void> {
    const messages = this.store.getState().messages;
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

  edit(messageId: string, content: string | InputContent[]): Promise<void> {
    const messages = this.store.getState().messages;
    const index = messages.findIndex((m) => m.id === messageId);
    if (messages[index]?.role !== "user") {
      console.warn(`[tandem] editMessage(): no user message "${messageId}" in this thread`);
      return Promise.resolve();
    }
    return this.branchFrom(index, [{ id: randomUUID(), role: "user", content }]);
  }

  select(messageId: string, index: number): void {
    const state = this.store.getState();
    if (state.status === "running") return;
    const next = switchVersion(state, messageId, index);
    if (!next) return;
    this.forget();
    this.loop.closeOpenQuestions();
    this.store.update((s) => ({ ...s, ...next, interrupts: [], status: "idle", error: null }));
  }

  /** A new version from `index` of the active path, starting with `start`, then a run. */
  private branchFrom(index: number, start: Message[]): Promise<void> {
    if (this.loop.busy) this.stop();
    this.loop.closeOpenQuestions();
    const before = this.store.getState().branches;
    this.store.update((s) => {
      const { messages, branches } = fork(s, index);
      return { ...s, messages: [...messages, ...start], branches, interrupts: [], error: null, status: "running" };
    });
    const regeneration = start.length === 0 && before !== this.store.getState().branches ? {} : null;
    this.regeneration = regeneration;
    this.retryAt = null;
    const run = this.loop.enqueue({});
    if (!regeneration) return run;
    return run.then(() => {
      if (this.regeneration !== regeneration) return;
      this.regeneration = null;
      const state = this.store.getState();
      const back = unfork(state, index, before);
      if (!back) return;
      if (state.status === "error") this.retryAt = index;
      this.store.update((s) => ({ ...s, ...back }));
    });
  }
}

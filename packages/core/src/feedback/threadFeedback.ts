import type { ThreadStore } from "../store/createThreadStore.js";
import { loadOnce } from "../util/loadOnce.js";
import type { FeedbackOptions } from "./options.js";
import type { FeedbackGiven, MessageFeedback, Rating } from "./types.js";

/** What sends feedback to the agent, a chunk of its own loaded with the first rating. */
const loadSend = loadOnce(() => import("./sendFeedback.js"));

/**
 * A thread's thumbs up and down: kept in the thread's state (so it is saved with the thread and
 * follows other tabs), told to `onFeedback`, and, where the app gives a `feedback` URL, POSTed
 * there as an AG-UI `CUSTOM` event. A failing callback or request is a warning: the verdict stays.
 */
export class ThreadFeedback {
  private readonly listeners = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;
  private seen: Record<string, MessageFeedback> | undefined;

  /** `client`: the thread's client, read when used (its store, whether it was retired). */
  constructor(
    private readonly client: { readonly store: ThreadStore; readonly retired: boolean },
    private readonly options: () => FeedbackOptions,
  ) {}

  private store(): ThreadStore {
    return this.client.store;
  }

  /** The feedback on one reply, if any (the same object until it changes). */
  of(messageId: string): MessageFeedback | undefined {
    return Object.hasOwn(this.store().getState().feedback, messageId) ? this.store().getState().feedback[messageId] : undefined;
  }

  /**
   * Calls `listener` when the thread's feedback changes (a rating here, another tab's, a thread
   * restored), never for a streamed token: rows of a long thread can all listen.
   */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (!this.unsubscribe) {
      this.seen = this.store().getState().feedback;
      this.unsubscribe = this.store().subscribe((s) => {
        if (s.feedback === this.seen) return;
        this.seen = s.feedback;
        for (const l of [...this.listeners]) l();
      });
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0) return;
      this.unsubscribe?.();
      this.unsubscribe = null;
    };
  };

  /** Whether the app takes feedback (`onFeedback` or a `feedback` URL): `<Chat>` shows its buttons only then. */
  get enabled(): boolean {
    const { onFeedback, feedback } = this.options();
    return Boolean(onFeedback || feedback);
  }

  /** Rates the reply `messageId` (`null` takes the verdict back), with an optional comment. */
  give(messageId: string, rating: Rating | null, comment?: string): Promise<void> {
    if (this.client.retired) {
      console.warn("[tandem] giveFeedback(): this thread's client was retired (the thread was left); nothing was sent");
      return Promise.resolve();
    }
    const text = comment?.trim();
    const entry = { rating, ...(text && { comment: text }), at: Date.now() };
    this.store().update((s) => ({ ...s, feedback: { ...s.feedback, [messageId]: entry } }));
    const given: FeedbackGiven = { threadId: this.store().getState().threadId, messageId, rating, ...(text && { comment: text }) };
    const options = this.options();
    return options.onFeedback || options.feedback ? loadSend().then((m) => m.sendFeedback(given, options)) : Promise.resolve();
  }
}

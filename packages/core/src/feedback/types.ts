/** A person's verdict on a reply: thumbs up or thumbs down. */
export type Rating = "up" | "down";

/** The feedback kept on one assistant message, in `ThreadState.feedback` and the stored thread. */
export interface MessageFeedback {
  /** The verdict; null once taken back (kept, so another tab's older verdict does not come back). */
  rating: Rating | null;
  /** What the person wrote with it, if anything. */
  comment?: string;
  /** When it was given (ms since the epoch): when two tabs disagree, the later one wins. */
  at: number;
}

/**
 * What `onFeedback` is given, and what the `feedback` URL receives as a `CUSTOM` event's value:
 * each time a verdict is given, changed, taken back (`rating: null`) or a comment added.
 */
export interface FeedbackGiven {
  threadId: string;
  messageId: string;
  rating: Rating | null;
  comment?: string;
}

/** The name of the `CUSTOM` event that carries a `FeedbackGiven` to the `feedback` URL. */
export const FEEDBACK_EVENT = "tandem.feedback";

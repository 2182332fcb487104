import type { HttpOptions } from "../transport/types.js";
import type { FeedbackGiven } from "./types.js";

/** What `ThreadFeedback` reads of the client's options. */
export interface FeedbackOptions extends Omit<HttpOptions, "url"> {
  /** `{agentId}` in the `feedback` URL. */
  agentId?: string;
  /** The client option of that name: told each rating. */
  onFeedback?: (feedback: FeedbackGiven) => void | Promise<void>;
  /** The client option of that name: where each rating is POSTed as a `CUSTOM` event. */
  feedback?: string;
}

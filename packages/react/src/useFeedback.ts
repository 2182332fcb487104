import type { Rating } from "@tandem/core";
import { useCallback, useMemo, useSyncExternalStore } from "react";
import { useAgentContext } from "./context.js";

/** What `useFeedback(messageId)` returns: the reply's rating and how to give one. */
export interface UseFeedback {
  /** The rating given (null: none, or taken back). */
  rating: Rating | null;
  /** The comment given with it, if any. */
  comment: string | undefined;
  /** Whether the app takes feedback (`onFeedback` or a `feedback` URL on the provider). */
  enabled: boolean;
  /** Rates the reply (`null` takes the rating back), with an optional comment; kept with the thread and told to `onFeedback`. */
  give(rating: Rating | null, comment?: string): Promise<void>;
}

/**
 * The thumbs up or down on one reply. Wakes only when the thread's feedback changes (never for a
 * streamed token), so every row of a long thread can ask.
 */
export function useFeedback(messageId: string): UseFeedback {
  const { client } = useAgentContext();
  const read = () => client.feedback.of(messageId);
  const entry = useSyncExternalStore(client.feedback.subscribe, read, read);
  const give = useCallback(
    (rating: Rating | null, comment?: string) => client.feedback.give(messageId, rating, comment),
    [client, messageId],
  );
  const rating = entry?.rating === "up" || entry?.rating === "down" ? entry.rating : null;
  const comment = typeof entry?.comment === "string" ? entry.comment : undefined;
  const enabled = client.feedback.enabled;
  return useMemo(() => ({ rating, comment, enabled, give }), [rating, comment, enabled, give]);
}

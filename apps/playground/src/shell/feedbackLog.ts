import type { FeedbackGiven } from "@tandem/core";
import { useSyncExternalStore } from "react";

let entries: readonly FeedbackGiven[] = [];
const listeners = new Set<() => void>();

/** The pages' `onFeedback`: keeps each rating for the page to show (what an app would send to its analytics). */
export function logFeedback(feedback: FeedbackGiven): void {
  entries = [...entries, feedback];
  for (const listener of listeners) listener();
}

/** Every rating given since the page was opened, oldest first. */
export function useFeedbackLog(): readonly FeedbackGiven[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => entries,
  );
}

import type { MessageFeedback } from "./types.js";

/**
 * Two copies of a thread's feedback as one, message by message: the later verdict wins, so two
 * tabs rating different replies keep both, and a verdict taken back stays taken back.
 */
export function mergeFeedback(
  a: Record<string, MessageFeedback> | undefined,
  b: Record<string, MessageFeedback> | undefined,
): Record<string, MessageFeedback> | undefined {
  if (!a || a === b) return b;
  if (!b) return a;
  // A Map, then own properties: an id such as "__proto__" (ids come from the agent) stays an entry.
  const merged = new Map(Object.entries(a));
  for (const [id, entry] of Object.entries(b)) {
    const other = merged.get(id);
    if (!other || entry.at >= other.at) merged.set(id, entry);
  }
  return Object.fromEntries(merged);
}

/** The `feedback` field of a stored record: left out while there is none. */
export function withFeedback(feedback: Record<string, MessageFeedback> | undefined): { feedback?: Record<string, MessageFeedback> } {
  return feedback && Object.keys(feedback).length > 0 ? { feedback } : {};
}

/**
 * A human-in-the-loop answer that says no to what was proposed: it puts back the state a
 * prediction (`PredictState`) changed. Its own module, so the client that asks it does not bring
 * the predictions themselves into an app's first load (they come with the reducer's rare half).
 */
export function isRejection(result: unknown): boolean {
  if (typeof result !== "object" || result === null) return false;
  const r = result as { approved?: unknown; accepted?: unknown };
  return r.approved === false || r.accepted === false;
}

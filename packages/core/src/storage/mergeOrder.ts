/**
 * The message order after two writers: ours, with every id only they have put back after the
 * id that comes before it in theirs. Nothing either side wrote is lost.
 */
export function mergeOrder(ours: readonly string[], theirs: readonly string[]): string[] {
  const known = new Set(ours);
  const missing = theirs.filter((id) => !known.has(id));
  if (missing.length === 0) return [...ours];
  const merged = [...ours];
  let previous: string | undefined;
  for (const id of theirs) {
    if (!known.has(id)) {
      const at = previous === undefined ? 0 : merged.indexOf(previous) + 1;
      merged.splice(at, 0, id);
      known.add(id);
    }
    previous = id;
  }
  return merged;
}

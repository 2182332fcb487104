/** One argument the edit changed: added, removed, or given another value. */
export interface ArgChange {
  key: string;
  kind: "added" | "removed" | "changed";
  before?: unknown;
  after?: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What changed from the agent's arguments to the edited ones, key by key (top level), in the order they appear. */
export function argsDiff(before: Record<string, unknown>, after: Record<string, unknown>): ArgChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.flatMap((key): ArgChange[] => {
    const had = Object.hasOwn(before, key);
    const has = Object.hasOwn(after, key);
    if (had && !has) return [{ key, kind: "removed", before: before[key] }];
    if (!had && has) return [{ key, kind: "added", after: after[key] }];
    return same(before[key], after[key]) ? [] : [{ key, kind: "changed", before: before[key], after: after[key] }];
  });
}

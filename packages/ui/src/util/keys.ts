/**
 * React keys from what the items are, for lists that carry no ids: the item's own key, and a
 * count after it when the same key comes again (two identical images stay two).
 */
export function withKeys<T>(items: readonly T[], keyOf: (item: T) => string): Array<[key: string, item: T]> {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = keyOf(item);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return [n === 0 ? base : `${base}#${n}`, item];
  });
}

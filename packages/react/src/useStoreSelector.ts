import type { ThreadState, ThreadStore } from "@tandem/core";
import { useRef, useSyncExternalStore } from "react";

/**
 * Subscribes to a slice of a thread store. The component re-renders only when `isEqual` says
 * the slice changed; the selector may be an inline function.
 */
export function useStoreSelector<T>(
  store: ThreadStore,
  selector: (state: ThreadState) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const memo = useRef<{ state: ThreadState; selector: (state: ThreadState) => T; value: T } | null>(null);
  // Read through the selector of the current render: a selector that closes over new props
  // (an index, an id) must apply at once, not at the next publish.
  const getSnapshot = () => {
    const state = store.getState();
    const last = memo.current;
    if (last && last.state === state && last.selector === selector) return last.value;
    const value = selector(state);
    const kept = last && isEqual(last.value, value) ? last.value : value;
    memo.current = { state, selector, value: kept };
    return kept;
  };
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}

/** True when `a` and `b` are the same value, or objects with the same keys whose values are `Object.is` equal. */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

import type { ThreadState, ThreadStore } from "@tandem/core";
import { useCallback, useRef, useSyncExternalStore } from "react";

/**
 * Subscribes to a slice of a thread store. The component re-renders only when `isEqual` says
 * the slice changed; the selector may be an inline function.
 */
export function useStoreSelector<T>(
  store: ThreadStore,
  selector: (state: ThreadState) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const memo = useRef<{ state: ThreadState; value: T } | null>(null);
  const selectorRef = useRef(selector);
  selectorRef.current = selector;
  const getSnapshot = useCallback(() => {
    const state = store.getState();
    const last = memo.current;
    if (last && last.state === state) return last.value;
    const value = selectorRef.current(state);
    if (last && isEqual(last.value, value)) {
      memo.current = { state, value: last.value };
      return last.value;
    }
    memo.current = { state, value };
    return value;
  }, [store, isEqual]);
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}

export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

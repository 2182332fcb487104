import { type Ref, type RefCallback, useCallback } from "react";

/** Sets one value on several refs (callback or object refs; missing ones are skipped). */
export function composeRefs<T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> {
  return (value) => {
    for (const ref of refs) {
      if (typeof ref === "function") ref(value);
      else if (ref) (ref as { current: T | null }).current = value;
    }
  };
}

/** `composeRefs` as a stable callback while the refs stay the same. */
export function useComposedRefs<T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refs themselves are the dependencies
  return useCallback(composeRefs(...refs), refs);
}

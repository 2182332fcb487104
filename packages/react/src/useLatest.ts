import { type RefObject, useInsertionEffect, useRef } from "react";

/**
 * A ref that always holds the latest `value`, for callbacks registered once (a tool's handler,
 * a renderer, an event listener). Updated after render and before any effect or event, never
 * during render, so a render that is thrown away leaves no trace.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useInsertionEffect(() => {
    ref.current = value;
  });
  return ref;
}

import type { ComposerRuntime, ComposerState } from "@tandem/core";
import { useRef, useSyncExternalStore } from "react";
import { useAgentContext } from "./context.js";

/**
 * The message being written, as the provider's `ComposerRuntime` keeps it (its text and files),
 * or the slice `selector` picks: the component re-renders when that slice changes. Write it
 * through `useComposerRuntime()` (`setText`, `setAttachments`, `send`).
 */
export function useComposerDraft(): ComposerState;
export function useComposerDraft<T>(selector: (state: ComposerState) => T): T;
export function useComposerDraft<T>(selector?: (state: ComposerState) => T): T | ComposerState {
  const composer = useComposerRuntime();
  const memo = useRef<{ state: ComposerState; selector: unknown; value: unknown } | null>(null);
  // Read through the selector of the current render, as `useStoreSelector` does.
  const getSnapshot = () => {
    const state = composer.getState();
    const last = memo.current;
    if (last && last.state === state && last.selector === selector) return last.value as T | ComposerState;
    const value = selector ? selector(state) : state;
    const kept = last && Object.is(last.value, value) ? last.value : value;
    memo.current = { state, selector, value: kept };
    return kept as T | ComposerState;
  };
  return useSyncExternalStore(composer.store.subscribe, getSnapshot, getSnapshot);
}

/** The provider's `ComposerRuntime`: the draft's text and files, and sending it. */
export function useComposerRuntime(): ComposerRuntime {
  return useAgentContext().composer;
}

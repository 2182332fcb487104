import type { ThreadState, ThreadStore } from "@tandem/core";
import { useCallback } from "react";
import { useAgentContext } from "./context.js";
import { useStoreSelector } from "./useStoreSelector.js";

/** Sets the agent state; an updater gets the current one (`undefined` while nothing set it). */
export type SetAgentState<T> = (next: T | ((previous: T | undefined) => T)) => void;

const NONE = Symbol("none");
const startingStates = new WeakMap<ThreadStore, unknown>();

/**
 * The empty object a thread's state starts as when nothing gave it one, recorded the first time
 * the store is seen before any run; `NONE` when the state was set (by `initialState`, say).
 */
function startingState(store: ThreadStore): unknown {
  let start = startingStates.get(store);
  if (start === undefined) {
    const { runId, state } = store.getState();
    const empty = typeof state === "object" && state !== null && !Array.isArray(state) && Object.keys(state).length === 0;
    start = runId === null && empty ? state : NONE;
    startingStates.set(store, start);
  }
  return start;
}

/** The state as the app sees it: `undefined` until the agent, `initialState` or `setState` sets it. */
function agentState<T>(s: ThreadState, start: unknown): T | undefined {
  return s.state === start ? undefined : (s.state as T);
}

/**
 * The agent's shared state, following STATE_SNAPSHOT and STATE_DELTA: `undefined` until the
 * agent or `initialState` (or the setter) sets it. The setter updates it locally at once and
 * sends it to the agent with the next run. With a selector, returns just that slice and
 * re-renders only when it changes; the selector gets `undefined` too while nothing is set.
 */
export function useAgentState<T = unknown>(): [T | undefined, SetAgentState<T>];
export function useAgentState<S, T = unknown>(selector: (state: T | undefined) => S, isEqual?: (a: S, b: S) => boolean): S;
export function useAgentState<S, T>(
  selector?: (state: T | undefined) => S,
  isEqual?: (a: S, b: S) => boolean,
): [T | undefined, SetAgentState<T>] | S {
  const { client } = useAgentContext();
  const start = startingState(client.store);
  const value = useStoreSelector(
    client.store,
    (s) => (selector ? selector(agentState<T>(s, start)) : agentState<T>(s, start)),
    isEqual as ((a: unknown, b: unknown) => boolean) | undefined,
  );
  const setState = useCallback<SetAgentState<T>>(
    (next) =>
      client.setState(
        typeof next === "function"
          ? (previous: unknown) => (next as (p: T | undefined) => T)(previous === start ? undefined : (previous as T))
          : next,
      ),
    [client, start],
  );
  return selector ? (value as S) : [value as T | undefined, setState];
}

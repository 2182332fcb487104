import { useCallback } from "react";
import { useAgentContext } from "./context.js";
import { useStoreSelector } from "./useStoreSelector.js";

export type SetAgentState<T> = (next: T | ((previous: T) => T)) => void;

/**
 * The agent's shared state, following STATE_SNAPSHOT and STATE_DELTA. The setter updates it
 * locally at once and sends it to the agent with the next run. With a selector, returns just
 * that slice and re-renders only when it changes.
 */
export function useAgentState<T = unknown>(): [T, SetAgentState<T>];
export function useAgentState<S, T = unknown>(selector: (state: T) => S, isEqual?: (a: S, b: S) => boolean): S;
export function useAgentState<S, T>(selector?: (state: T) => S, isEqual?: (a: S, b: S) => boolean): [T, SetAgentState<T>] | S {
  const { client } = useAgentContext();
  const value = useStoreSelector(client.store, (s) => (selector ? selector(s.state as T) : s.state), isEqual as never);
  const setState = useCallback<SetAgentState<T>>((next) => client.setState(next), [client]);
  return selector ? (value as S) : [value as T, setState];
}

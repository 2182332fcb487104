import { createContext, type MouseEvent, type RefCallback, useCallback, useContext, useRef } from "react";

/** The actions of the buttons inside a delegating container, by element. */
type Actions = WeakMap<Element, () => void>;

/**
 * Set by a container that takes its buttons' clicks itself (the transcript): one click handler
 * for the whole container instead of one per button. React sets a no-op native `onclick` on
 * every element given an `onClick` (for Safari), so a thread of 5,000 messages with two action
 * buttons each carried 10,000 native listeners; delegated, it carries one.
 */
export const ClickActionsContext = createContext<Actions | null>(null);

/**
 * For a delegating container: the registry to provide through `ClickActionsContext`, and the
 * container's `onClick`, which runs the action of the registered element nearest the target.
 */
export function useClickActions(): { actions: Actions; onClick: (event: MouseEvent<Element>) => void } {
  const actions = useRef<Actions | null>(null);
  actions.current ??= new WeakMap();
  const registry = actions.current;
  const onClick = useCallback(
    (event: MouseEvent<Element>) => {
      for (let el = event.target as Element | null; el && el !== event.currentTarget; el = el.parentElement) {
        const action = registry.get(el);
        if (action) return action();
      }
    },
    [registry],
  );
  return { actions: registry, onClick };
}

/**
 * A button's click `action`: inside a delegating container, a ref that registers it there (the
 * button gets no listener of its own); elsewhere, an `onClick`.
 */
export function useDelegatedAction<T extends Element>(action: (() => void) | undefined): { ref?: RefCallback<T>; onClick?: () => void } {
  const actions = useContext(ClickActionsContext);
  const latest = useRef(action);
  latest.current = action;
  const ref = useCallback<RefCallback<T>>((el) => void (el && actions?.set(el, () => latest.current?.())), [actions]);
  if (!action) return {};
  return actions ? { ref } : { onClick: action };
}

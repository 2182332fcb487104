import { useSyncExternalStore } from "react";

/** The smallest router that does the job: the History API and one hook. */
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
window.addEventListener("popstate", notify);

export function navigate(to: string, replace = false): void {
  if (replace) window.history.replaceState(null, "", to);
  else window.history.pushState(null, "", to);
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** `pathname + search`, so a query change re-renders too. */
export function useLocation(): URL {
  const href = useSyncExternalStore(subscribe, () => window.location.href);
  return new URL(href);
}

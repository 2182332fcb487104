/**
 * Whether the browser can reach the network and whether the page is seen, and when they come
 * back: what the outbox waits on, and a run whose stream dropped (it reconnects once both hold).
 * The default reads `navigator.onLine`, `document.visibilityState` and the `online` and
 * `visibilitychange` events; give your own to a client (`network` option) where those say too
 * little (a native shell, a test).
 */
export interface OutboxNetwork {
  /** False while the device is known to be offline. */
  readonly online: boolean;
  /** Calls `listener` each time the device comes back online; returns an unsubscribe. */
  onOnline(listener: () => void): () => void;
  /**
   * False while the page is hidden (another tab in front, the window minimised, the screen off):
   * a dropped run's stream waits for it before it tries again. Absent: always visible.
   */
  readonly visible?: boolean;
  /** Calls `listener` each time the page becomes visible again; returns an unsubscribe. Absent: never told. */
  onVisible?(listener: () => void): () => void;
}

/** Listens to `type` on `target` until the returned function is called. */
const listen = (target: EventTarget, type: string, listener: () => void) => {
  target.addEventListener(type, listener);
  return () => target.removeEventListener(type, listener);
};

/** The page is not hidden ("prerender" counts as visible). */
const seen = () => document.visibilityState !== "hidden";

/** The browser's `navigator.onLine`, page visibility and their events; null where there is no browser window (a server, a worker). */
export function browserNetwork(): OutboxNetwork | null {
  if (typeof window === "undefined" || typeof navigator === "undefined" || typeof navigator.onLine !== "boolean") return null;
  return {
    get online() {
      return navigator.onLine;
    },
    onOnline: (listener) => listen(window, "online", listener),
    get visible() {
      return seen();
    },
    onVisible: (listener) => listen(document, "visibilitychange", () => seen() && listener()),
  };
}

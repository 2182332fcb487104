/**
 * Whether the browser can reach the network, and when it comes back: what the outbox waits on.
 * The default reads `navigator.onLine` and the window's `online` event; give your own to a client
 * (`network` option) where those say too little (a native shell, a test).
 */
export interface OutboxNetwork {
  /** False while the device is known to be offline. */
  readonly online: boolean;
  /** Calls `listener` each time the device comes back online; returns an unsubscribe. */
  onOnline(listener: () => void): () => void;
}

/** The browser's `navigator.onLine` and `online` event; null where there is no browser window (a server, a worker). */
export function browserNetwork(): OutboxNetwork | null {
  if (typeof window === "undefined" || typeof navigator === "undefined" || typeof navigator.onLine !== "boolean") return null;
  return {
    get online() {
      return navigator.onLine;
    },
    onOnline(listener) {
      window.addEventListener("online", listener);
      return () => window.removeEventListener("online", listener);
    },
  };
}

import type { OutboxNetwork } from "../outbox/network.js";

/**
 * A try can succeed and someone sees it: the device is not known to be offline and the page is
 * not hidden (always, without a `network`).
 */
export function canTry(network: OutboxNetwork | null | undefined): boolean {
  return !network || (network.online && network.visible !== false);
}

/**
 * Calls `listener` once, the first time the device comes back online or the page becomes
 * visible again, and stops listening; returns a function that stops listening before that.
 */
export function whenBack(network: OutboxNetwork, listener: () => void): () => void {
  const stops = [network.onOnline(back), network.onVisible?.(back)];
  const stop = () => {
    for (const unsubscribe of stops) unsubscribe?.();
  };
  function back() {
    stop();
    listener();
  }
  return stop;
}

/**
 * A wait before a dropped stream's next try. With `ms`, a backoff wait, cut short when the
 * device comes back online or the page becomes visible (a good moment to try); with null, a
 * wait that ends only once a try can succeed and be seen (`canTry`). Resolves true when it
 * ended so, false (at once) when `signal` aborts.
 */
export function pause(ms: number | null, signal: AbortSignal, network?: OutboxNetwork | null): Promise<boolean> {
  return new Promise((resolve) => {
    let stop = () => {};
    const timer = ms === null ? undefined : setTimeout(() => done(true), ms);
    const aborted = () => done(false);
    function done(going: boolean) {
      clearTimeout(timer);
      stop();
      signal.removeEventListener("abort", aborted);
      resolve(going);
    }
    function listen() {
      if (network) stop = whenBack(network, () => (ms !== null || canTry(network) ? done(true) : listen()));
    }
    if (signal.aborted) return done(false);
    signal.addEventListener("abort", aborted, { once: true });
    listen();
  });
}

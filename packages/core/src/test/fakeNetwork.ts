import type { OutboxNetwork } from "../outbox/network.js";

/** A device the test takes offline and back, and a page it hides and shows (what the browser's events say). */
export interface FakeNetwork extends OutboxNetwork {
  online: boolean;
  visible: boolean;
  /** Sets `online`; back online, it tells the listeners (the `online` event). */
  set(online: boolean): void;
  /** Sets `visible`; visible again, it tells the listeners (`visibilitychange` to "visible"). */
  show(visible: boolean): void;
  /** How many listeners are subscribed to each event. */
  readonly listening: { online: number; visible: number };
}

/** A fake `network` option: online and visible unless told otherwise. */
export function fakeNetwork(online = true, visible = true): FakeNetwork {
  const onOnline = new Set<() => void>();
  const onVisible = new Set<() => void>();
  const subscribe = (listeners: Set<() => void>, listener: () => void) => {
    // Each subscription its own entry, as addEventListener with a new function.
    const entry = () => listener();
    listeners.add(entry);
    return () => void listeners.delete(entry);
  };
  return {
    online,
    visible,
    onOnline: (listener) => subscribe(onOnline, listener),
    onVisible: (listener) => subscribe(onVisible, listener),
    set(next) {
      this.online = next;
      if (next) for (const listener of [...onOnline]) listener();
    },
    show(next) {
      this.visible = next;
      if (next) for (const listener of [...onVisible]) listener();
    },
    get listening() {
      return { online: onOnline.size, visible: onVisible.size };
    },
  };
}

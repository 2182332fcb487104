/**
 * A jsdom window whose requestAnimationFrame runs at 60 Hz (`pretendToBeVisual`), exposed as
 * globals before react-dom loads, plus counters for the frames that elapse.
 */
import { createRequire } from "node:module";

/** The window's own DOM classes, which `Window`'s type does not list. */
type JSDOMWindow = Window & Pick<typeof globalThis, "HTMLElement" | "HTMLIFrameElement" | "Element" | "Node" | "Text"> & { close(): void };
interface JSDOMModule {
  JSDOM: new (html: string, options: { pretendToBeVisual: boolean; url: string }) => { window: JSDOMWindow };
}

const require = createRequire(import.meta.url);
const { JSDOM } = require("jsdom") as JSDOMModule;

export const dom = new JSDOM("<!doctype html><html><body></body></html>", { pretendToBeVisual: true, url: "http://bench.local/" });
export const window = dom.window;

/** Counts, reset by `frames.reset()`. */
export const frames = {
  /** Animation frames that elapsed (ticks of a loop that re-arms itself every frame). */
  elapsed: 0,
  /** Callbacks of other requesters (the store's frame scheduler) that fired. */
  callbacksFired: 0,
  /**
   * For each of those callbacks, the time from its start until the microtasks it queued have
   * run: the store's flush, the publish, and the React render and commit it triggers.
   */
  workMs: [] as number[],
  /** True while such a callback and the work it queued run (commits then are frame commits). */
  inCallback: false,
  reset() {
    this.elapsed = 0;
    this.callbacksFired = 0;
    this.workMs = [];
  },
};

const rawRequest = window.requestAnimationFrame.bind(window);
const rawCancel = window.cancelAnimationFrame.bind(window);
const requestAnimationFrame = (callback: FrameRequestCallback): number =>
  rawRequest((time) => {
    frames.callbacksFired++;
    frames.inCallback = true;
    const start = performance.now();
    callback(time);
    // React renders a store change in a microtask queued during the callback; this one runs after it.
    queueMicrotask(() => {
      frames.workMs.push(performance.now() - start);
      frames.inCallback = false;
    });
  });

// The globals React DOM and the kit look for. Node's own fetch, streams, AbortController, Event
// and TextEncoder stay: the transport runs on those, as it would in a browser.
const globals: Record<string, unknown> = {
  window,
  document: window.document,
  navigator: window.navigator,
  location: window.location,
  HTMLElement: window.HTMLElement,
  HTMLIFrameElement: window.HTMLIFrameElement,
  Element: window.Element,
  Node: window.Node,
  Text: window.Text,
  getComputedStyle: window.getComputedStyle.bind(window),
  requestAnimationFrame,
  cancelAnimationFrame: rawCancel,
};
for (const [name, value] of Object.entries(globals)) {
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}
Object.defineProperty(window, "requestAnimationFrame", { value: requestAnimationFrame, configurable: true, writable: true });

/**
 * Keeps frames coming at a steady 60 Hz while measuring, like a browser does whether or not
 * anyone asked for one (jsdom otherwise starts its frame timer only on request), and counts them.
 */
export function startFrameTicker(): () => void {
  let id = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    frames.elapsed++;
    id = rawRequest(tick);
  };
  id = rawRequest(tick);
  return () => {
    running = false;
    rawCancel(id);
  };
}

/** Resolves on the next animation frame. */
export const nextFrame = () => new Promise<number>((resolve) => rawRequest(resolve));

import { type Blocks, growBlocks, growsFrom, openPart, splitBlocks } from "./blocks.js";
import type { ParseReply, ParseRequest } from "./parseWorker.js";
import { handOver } from "./syntax.js";

/** The parser's worker, one for every reply, made on first use; null where there is none. */
let worker: Worker | null | undefined;
let lastId = 0;
const waiting = new Map<number, (parsed: boolean) => void>();

/** The worker is gone (it failed to load, or to parse): everything is parsed on the main thread from here on. */
function stop(): void {
  worker?.terminate();
  worker = null;
  for (const done of waiting.values()) done(false);
  waiting.clear();
}

function theWorker(): Worker | null {
  if (worker !== undefined) return worker;
  worker = null;
  // None on a server, in a test DOM, or where the page may not start one (a CSP without worker-src).
  if (typeof window === "undefined" || typeof Worker !== "function") return null;
  try {
    worker = new Worker(new URL("./parseWorker.js", import.meta.url), { type: "module", name: "tandem-markdown" });
  } catch {
    return null;
  }
  worker.addEventListener("message", ({ data }: MessageEvent<ParseReply>) => {
    const done = waiting.get(data.id);
    waiting.delete(data.id);
    // The worker could not parse it: that text, and every one after, is parsed here.
    if (data.parsed === undefined) {
      done?.(false);
      return stop();
    }
    handOver(data.parsed);
    done?.(true);
  });
  // A script the bundler left out, or that cannot run here.
  worker.addEventListener("error", stop);
  worker.addEventListener("messageerror", stop);
  return worker;
}

/**
 * Calls `callback` in a task after the next two frames have been drawn; the returned function
 * cancels it. A frame's own callbacks (the one that publishes the reply's newest text among them)
 * all run before it. Two: a stream on a page where a frame of it is costly publishes every other
 * frame (core's `nextFrame`), and the frame between must not draw what the next publish will. A
 * hidden tab draws no frame, and needs none drawn: it is called when the tab shows.
 */
function afterTwoFrames(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  if (typeof requestAnimationFrame === "function")
    frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        frame = undefined;
        timer = setTimeout(callback, 0);
      });
    });
  else timer = setTimeout(callback, 0);
  return () => {
    clearTimeout(timer);
    if (frame !== undefined) cancelAnimationFrame(frame);
  };
}

/**
 * Keeps a streaming reply's parsing off the main thread. Each frame the renderer asks it for the
 * cut to draw (`cut`): where the newest text's cut would tokenize something, its open part goes
 * to a worker, which parses what the main thread would (`parsesOfOpenPart`) and hands the trees
 * over; until then the cut drawn is that of the newest text the worker has parsed, one parse
 * behind at most (a frame or less). Where no worker can run, a text is cut as it comes, parsed
 * here: what is drawn is the same either way.
 *
 * One commit a frame: trees that come back are drawn by the next publish's render, the one the
 * reply's next text causes. Only where no render takes them by the end of the second frame (the reply
 * paused or ended) does `subscribe` say there is a newer cut, and the renderer draws it then.
 */
export class OffThreadParser {
  #listeners = new Set<() => void>();
  #version = 0;
  /** The text whose open part the worker is parsing. */
  #asked: string | undefined;
  /** The newest text whose trees have been handed over. */
  #ready: string | undefined;
  /** Cancels the call that draws `#ready` if no render has taken it by the end of the second frame. */
  #unclaimed: (() => void) | undefined;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Changes when the worker has parsed a newer text. */
  version = (): number => this.#version;

  /**
   * The cut to draw for `text`, the cut drawn before being `previous`: `text`'s own where it
   * parses nothing here (the worker has parsed it, it does not grow `previous`, it only grows
   * an open code block, or there is no worker); otherwise the cut of the newest text the worker
   * has parsed, or `previous`, and `text` goes to the worker. A `complete` text (the reply has
   * ended) is cut here, at once: its last render draws all of it.
   */
  cut(text: string, previous: Blocks | undefined, complete = false): Blocks {
    if (!growsFrom(text, previous)) return splitBlocks(text);
    if (text === this.#ready || complete) this.#claimed();
    if (text === this.#ready || complete || theWorker() === null) return growBlocks(text, previous);
    const open = openPart(text, previous);
    if (open === undefined) return growBlocks(text, previous);
    const ready = this.#ready;
    const next =
      ready !== undefined && ready.length > previous.text.length && text.slice(0, ready.length) === ready
        ? growBlocks(ready, previous)
        : previous;
    if (next !== previous) this.#claimed();
    const rest = next === previous ? open : openPart(text, next);
    // What `text` adds to `next` is only code in a block still open: nothing to parse, drawn in
    // the next render, grown from `next` once `next` is drawn (a cut grown from a cut not drawn
    // would drop the trees of the blocks that cut closed).
    if (rest === undefined) queueMicrotask(this.#changed);
    else this.#ask(text, rest);
    return next;
  }

  /** A render has taken the trees of `#ready`: nothing is left to draw after the frame. */
  #claimed(): void {
    this.#unclaimed?.();
    this.#unclaimed = undefined;
  }

  #changed = (): void => {
    this.#version++;
    for (const listener of this.#listeners) listener();
  };

  /** Sends the open part of `text` (see `openPart`) to the worker, unless it is busy with this reply. */
  #ask(text: string, open: string): void {
    const parser = theWorker();
    if (this.#asked !== undefined || parser === null) return;
    const id = ++lastId;
    this.#asked = text;
    waiting.set(id, (parsed) => {
      this.#asked = undefined;
      // Parsed here instead from now on: the next render must come at once.
      if (!parsed) return this.#changed();
      this.#ready = text;
      this.#unclaimed?.();
      this.#unclaimed = afterTwoFrames(() => {
        this.#unclaimed = undefined;
        this.#changed();
      });
    });
    parser.postMessage({ id, open } satisfies ParseRequest);
  }
}

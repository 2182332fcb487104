import { createContext, type RefObject, useContext, useEffect, useRef, useState } from "react";

/** Watches blocks of the transcript and calls back once each comes within a screen of the view. */
export interface NearViewObserver {
  /** Calls `onNear` once `el` is within a screen of the view; the returned function stops watching. */
  observe(el: Element, onNear: () => void): () => void;
}

/** The transcript's observer, or null where there is none (no IntersectionObserver: everything counts as near). */
export const NearViewObserverContext = createContext<NearViewObserver | null>(null);

/**
 * Whether the rows around here have come near the view (true outside a transcript). A row draws
 * its toolbar (Copy, Edit, Regenerate, the branch picker) only then: in a thread of thousands of
 * messages, the toolbars of rows nobody scrolled to were most of the thread's memory.
 */
export const NearViewContext = createContext(true);

/** One IntersectionObserver for a transcript (null without IntersectionObserver); disconnected when the list unmounts. */
export function useNearViewObserver(): NearViewObserver | null {
  const [observer] = useState(() => {
    if (typeof IntersectionObserver !== "function") return null;
    const callbacks = new Map<Element, () => void>();
    const io = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          io.unobserve(entry.target);
          const onNear = callbacks.get(entry.target);
          callbacks.delete(entry.target);
          onNear?.();
        }
      },
      // A screen above and below, of the window and of the transcript's own scrolling box (without
      // `scrollMargin` the box clips at its edge): the rows are ready before they scroll into view.
      { rootMargin: "100% 0px", scrollMargin: "100% 0px" },
    );
    return {
      io,
      observe(el: Element, onNear: () => void) {
        callbacks.set(el, onNear);
        io.observe(el);
        return () => {
          callbacks.delete(el);
          io.unobserve(el);
        };
      },
    };
  });
  useEffect(() => () => observer?.io.disconnect(), [observer]);
  return observer;
}

/** For a block of rows, or a code block waiting to be highlighted: whether it has come near the view (from the start when `atFirst`), and the ref of the element watched. */
export function useNearView<T extends Element>(atFirst: boolean): [near: boolean, ref: RefObject<T | null>] {
  const observer = useContext(NearViewObserverContext);
  const [near, setNear] = useState(atFirst || observer === null);
  const ref = useRef<T | null>(null);
  useEffect(() => {
    if (near || !observer || !ref.current) return;
    return observer.observe(ref.current, () => setNear(true));
  }, [observer, near]);
  return [near, ref];
}

/** Mounts the rows of blocks that are not near the view yet, one block a task, from the thread's end back. */
export interface RowsScheduler {
  /** Calls `mount` in a later task (the latest deferred first); the returned function cancels it. */
  defer(mount: () => void): () => void;
}

/** The transcript's scheduler, or null where rows mount at once (no IntersectionObserver). */
export const RowsSchedulerContext = createContext<RowsScheduler | null>(null);

/**
 * One scheduler for a transcript. Opening a thread of 5,000 messages mounts its last blocks in
 * the first frame and the others a block a task after it, the nearest the end first: the
 * latest messages show at once, and the page answers while the rest arrive.
 */
export function useRowsScheduler(enabled: boolean): RowsScheduler | null {
  const [scheduler] = useState(() => {
    const queue: (() => void)[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      timer = undefined;
      queue.pop()?.();
      if (queue.length > 0) timer = setTimeout(run, 0);
    };
    return {
      stop: () => clearTimeout(timer),
      defer(mount: () => void) {
        queue.push(mount);
        timer ??= setTimeout(run, 0);
        return () => {
          const i = queue.indexOf(mount);
          if (i >= 0) queue.splice(i, 1);
        };
      },
    };
  });
  useEffect(() => () => scheduler.stop(), [scheduler]);
  return enabled ? scheduler : null;
}

/** Whether a block's rows are mounted: at once when `now`, else in the scheduler's turn (at once without one). */
export function useMountedRows(now: boolean): boolean {
  const scheduler = useContext(RowsSchedulerContext);
  const [mounted, setMounted] = useState(now || scheduler === null);
  useEffect(() => {
    if (mounted || now || !scheduler) return;
    return scheduler.defer(() => setMounted(true));
  }, [mounted, now, scheduler]);
  return mounted || now;
}

import { type RefObject, useCallback, useEffect, useRef, useState } from "react";

/** What `useAutoScroll()` returns: the ref for the scrolling element, whether it is at the bottom, and a way back there. */
export interface AutoScroll<T extends HTMLElement> {
  /** Attach to the scrolling element. */
  ref: RefObject<T | null>;
  /** The view is at (or within `threshold` px of) the bottom, so it follows new content. */
  atBottom: boolean;
  /** Scrolls to the newest content and follows it again. */
  scrollToBottom: () => void;
}

/**
 * Follows a growing transcript while the reader is at the bottom; stops following as soon as
 * they scroll up, and `scrollToBottom` brings them back.
 */
export function useAutoScroll<T extends HTMLElement>(threshold = 48): AutoScroll<T> {
  const ref = useRef<T | null>(null);
  const following = useRef(true);
  const [atBottom, setAtBottom] = useState(true);

  const scrollToBottom = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    following.current = true;
    setAtBottom(true);
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Where the view was when last seen (its scroll events and its own moves): following stops
    // only when the view has moved up since, away from the bottom.
    let seen = el.scrollTop;
    const follow = () => {
      if (!following.current) return;
      el.scrollTop = el.scrollHeight;
      seen = el.scrollTop;
    };
    const onScroll = () => {
      const top = el.scrollTop;
      const bottom = el.scrollHeight - top - el.clientHeight <= threshold;
      // Off the bottom is not enough to stop: a scroll event comes before the frame's resize
      // report, so a view moved down short of the bottom (a control scrolled into view as it
      // appeared, focus on a form that just opened) or a reply that grew past the threshold since
      // the view's last move would read as the reader leaving. Only a move up is the reader's.
      if (bottom) following.current = true;
      else if (top < seen) following.current = false;
      seen = top;
      if (!bottom) follow();
      setAtBottom(following.current);
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    // Growth is followed where the browser reports it, after its layout of the frame: a
    // ResizeObserver on every child of the scroller (those added later included; a child's box
    // grows with anything inside it: a streamed token, an image loading, a details opening).
    // Reading the scroller's height on each DOM change instead would make the browser lay the
    // page out once more for every commit, before the frame's own layout.
    const resize = typeof ResizeObserver === "function" ? new ResizeObserver(follow) : undefined;
    const observe = (nodes: Iterable<Node>) => {
      if (resize) for (const node of nodes) if (node instanceof Element) resize.observe(node);
    };
    observe(el.children);
    // New rows are DOM mutations; without a ResizeObserver, so is streamed text, followed as it changes.
    const mutations = new MutationObserver((records) => {
      for (const record of records) {
        if (record.target !== el) continue;
        observe(record.addedNodes);
        if (resize) for (const node of record.removedNodes) if (node instanceof Element) resize.unobserve(node);
      }
      if (!resize) follow();
    });
    mutations.observe(el, resize ? { childList: true } : { childList: true, subtree: true, characterData: true });
    follow();
    return () => {
      el.removeEventListener("scroll", onScroll);
      mutations.disconnect();
      resize?.disconnect();
    };
  }, [threshold]);

  return { ref, atBottom, scrollToBottom };
}

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
    const follow = () => {
      if (following.current) el.scrollTop = el.scrollHeight;
    };
    const onScroll = () => {
      const bottom = el.scrollHeight - el.scrollTop - el.clientHeight <= threshold;
      following.current = bottom;
      setAtBottom(bottom);
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    // Content that grows without a DOM change (an image loading, a font, a details opening) is
    // seen by a ResizeObserver on every child of the scroller, those added later included: a
    // child's box grows with anything inside it.
    const resize = typeof ResizeObserver === "function" ? new ResizeObserver(follow) : undefined;
    const observe = (nodes: Iterable<Node>) => {
      if (resize) for (const node of nodes) if (node instanceof Element) resize.observe(node);
    };
    observe(el.children);
    // New rows and streamed text are DOM mutations.
    const mutations = new MutationObserver((records) => {
      for (const record of records) {
        if (record.target !== el) continue;
        observe(record.addedNodes);
        if (resize) for (const node of record.removedNodes) if (node instanceof Element) resize.unobserve(node);
      }
      follow();
    });
    mutations.observe(el, { childList: true, subtree: true, characterData: true });
    follow();
    return () => {
      el.removeEventListener("scroll", onScroll);
      mutations.disconnect();
      resize?.disconnect();
    };
  }, [threshold]);

  return { ref, atBottom, scrollToBottom };
}

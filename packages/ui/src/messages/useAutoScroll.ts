import { type RefObject, useCallback, useEffect, useRef, useState } from "react";

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
    // New rows and streamed text are DOM mutations; images and fonts change size without one.
    const mutations = new MutationObserver(follow);
    mutations.observe(el, { childList: true, subtree: true, characterData: true });
    const resize = typeof ResizeObserver === "function" ? new ResizeObserver(follow) : undefined;
    if (resize) for (const child of Array.from(el.children)) resize.observe(child);
    follow();
    return () => {
      el.removeEventListener("scroll", onScroll);
      mutations.disconnect();
      resize?.disconnect();
    };
  }, [threshold]);

  return { ref, atBottom, scrollToBottom };
}

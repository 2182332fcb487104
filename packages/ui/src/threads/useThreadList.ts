import { type ThreadListItem, type UseThreads, useThreads } from "@tandem/react";
import { useMemo } from "react";

/** A thread as `<ThreadListItem>` draws it: the list's item, and whether it is current and stored. */
export interface ThreadListEntry extends ThreadListItem {
  /** Whether it is the thread the chat shows. */
  current: boolean;
  /** False for the current thread until its first save (nothing to rename or delete yet). */
  stored: boolean;
}

/** What `useThreadList()` returns: `useThreads()` plus the entries a thread list draws. */
export interface UseThreadList extends UseThreads {
  /**
   * What a thread list shows: the stored threads, most recent first, and the current one on
   * top while it is new and not saved yet (its title is empty until its first message).
   */
  entries: ThreadListEntry[];
}

/** `useThreads()` with the entries a thread list draws. Needs `<AgentProvider storage>`. */
export function useThreadList(): UseThreadList {
  const threads = useThreads();
  const { threads: list, currentId } = threads;
  const entries = useMemo(() => {
    const stored = list.map((t) => ({ ...t, current: t.id === currentId, stored: true }));
    if (stored.some((t) => t.current)) return stored;
    const now = Date.now();
    return [{ id: currentId, title: "", createdAt: now, updatedAt: now, running: false, current: true, stored: false }, ...stored];
  }, [list, currentId]);
  return { ...threads, entries };
}

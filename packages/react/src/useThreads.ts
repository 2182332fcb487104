import type { StorageStatus, ThreadListItem } from "@tandem/core";
import { useMemo, useSyncExternalStore } from "react";
import { useAgentContext } from "./context.js";

/** What `useThreads()` returns: the stored threads, the current one, and actions on them. */
export interface UseThreads {
  /**
   * Most recently updated first. `running` is true while a run goes on in the thread, in this tab
   * or in another tab of this browser, and false once it ends or that tab goes away (never stored).
   */
  threads: ThreadListItem[];
  currentId: string;
  /** Whether threads are being saved; `failed` carries a message to show (the chat still works). */
  storage: StorageStatus;
  /** Starts a new thread and makes it current; returns its id. */
  create(): string;
  /** Makes a thread current; a run in progress on the one left is stopped first. */
  switchTo(id: string): void;
  /** Gives a thread a title of its own (later saves keep it). */
  rename(id: string, title: string): Promise<void>;
  /** Deletes a thread; deleting the current one moves to the most recent other, or a new one. */
  remove(id: string): Promise<void>;
}

/** The threads of `<AgentProvider storage>`: the list, the current one, and what to do with them. */
export function useThreads(): UseThreads {
  const { threads } = useAgentContext();
  if (!threads) throw new Error("useThreads() needs <AgentProvider storage={…}>: give the provider a storage to keep threads in.");
  const state = useSyncExternalStore(threads.store.subscribe, threads.store.getState, threads.store.getState);
  const { threads: list, currentId, storage } = state;
  const actions = useMemo(
    () => ({
      create: () => threads.create(),
      switchTo: (id: string) => threads.switchTo(id),
      rename: (id: string, title: string) => threads.rename(id, title),
      remove: (id: string) => threads.remove(id),
    }),
    [threads],
  );
  return { threads: list, currentId, storage, ...actions };
}

import type { AgentClient } from "../run/agentClient.js";
import type { Persistence } from "../storage/persistThread.js";
import type { StorageStatus, ThreadSummary } from "../storage/types.js";
import type { RunOwner } from "./runOwner.js";

/** A thread as the list shows it: what the storage lists of it, and whether a run goes on in it now. */
export interface ThreadListItem extends ThreadSummary {
  /**
   * A run goes on in the thread now, in this tab or in another tab of this browser (the one that
   * owns it). Derived live from the tabs' Web Locks, never stored: it turns false when the run
   * ends and when the tab running it goes away. Without Web Locks, only this tab's runs count.
   */
  running: boolean;
}

/** What a `ThreadRuntime` shows: the current thread's client and id, and the list of threads. */
export interface ThreadRuntimeState {
  /** The current thread's client: a new one each time the thread changes. */
  client: AgentClient;
  currentId: string;
  /** Most recently updated first, each saying whether a run goes on in it now. */
  threads: ThreadListItem[];
  /** False until the list has been read once: "no threads yet" is not "not loaded yet". */
  loaded: boolean;
  /** Whether threads are being kept; `failed` says why not (the chat still works in memory). */
  storage: StorageStatus;
}

/** The current thread's attachment to the agent and the storage, undone when the thread is left. */
export interface Session {
  client: AgentClient;
  controller: AbortController;
  persistence: Persistence | null;
  /** The thread is in the storage (it was loaded, or saved since). */
  stored: boolean;
  /** Which tab owns the thread's runs (set once the thread is kept; see `RunOwner`). */
  owner?: RunOwner;
  /** The thread's run is another device's, watched read-only (`watchOtherDevice`): other changes heard wait until it ends. */
  watching?: boolean;
}

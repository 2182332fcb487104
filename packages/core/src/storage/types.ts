import type { Interrupt, Message } from "@ag-ui/core";
import type { MessageFeedback } from "../feedback/types.js";
import type { InterruptDecisions } from "../interrupts/decisions.js";
import type { BranchPoint, OutboxItem, ToolCallStatus } from "../types.js";

/** What a thread list shows of a thread. */
export interface ThreadSummary {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
}

/** Everything needed to carry on with a thread after a reload. */
export interface StoredThread extends ThreadSummary {
  /** The messages of the active path, in order. */
  messages: Message[];
  /** The other versions of its turns (edits, regenerated replies), by fork point. */
  branches?: Record<string, BranchPoint>;
  state: unknown;
  /** Interrupts the last run finished with, still unanswered. */
  interrupts: Interrupt[];
  toolCallStatus: Record<string, ToolCallStatus>;
  /**
   * Set while a run streams: the ids of the messages from before it. A thread loaded with it
   * was cut by a reload; its partial reply is kept and marked, and Retry starts from there.
   */
  runningSince?: string[];
  /**
   * Messages sent but not in the thread yet (queued behind a run, or waiting for the network),
   * in order; absent when there are none. Storages merge it per message (`mergeOutbox`): an item
   * leaves only once it is a message of the thread or its id is in `outboxRemoved`.
   */
  outbox?: OutboxItem[];
  /** Ids of messages removed from the outbox unsent (the latest 100): no copy brings them back. */
  outboxRemoved?: string[];
  /** Thumbs up or down given to replies, by message id; storages merge it (`mergeFeedback`), the later verdict winning. */
  feedback?: Record<string, MessageFeedback>;
  /**
   * Answers given to some of the open interrupts and edited arguments not yet approved (absent
   * when there are none); storages merge them across tabs (`mergeDecisions`).
   */
  decisions?: InterruptDecisions;
  /** Set while a run streams from a server that resumes streams: where a reload reads it on. */
  resumePoint?: ResumePoint;
}

/** Where a run's stream was when it was saved: enough to read it on after a reload. */
export interface ResumePoint {
  runId: string;
  /** The id of the run's first event: a reload reads the run again from after it. */
  firstEventId: string;
  /** The id of the last event received. */
  lastEventId: string;
  /** When that event arrived (ms since the epoch). */
  at: number;
  /**
   * The thread as the run found it. A reload puts it back before reading the run again from
   * its first event, so each event (a `STATE_DELTA` append or remove by index too) is applied
   * once. A point without it (saved by an older version) is not read on.
   */
  before?: RunStart;
  /**
   * The device (browser) whose tab runs the run: its `deviceId`, the same in every tab of one
   * browser, where Web Locks say which tab owns it. Another device that opens the thread while
   * the run goes on follows it read-only and joins its stream; it never runs it. Absent (saved by
   * an older version, or where no id can be kept): taken as this device's run, as before.
   */
  device?: string;
}

/** The thread as a run found it, in a resume point: what the run's events apply to. */
export interface RunStart {
  /** The shared state before the run's first event. */
  state: unknown;
  /** The ids of the messages from before the run, in order. */
  messageIds: string[];
  /** Those of them the run changed (an `ACTIVITY_DELTA`, a removal), as they were before it. */
  changed: Message[];
}

/**
 * One save: the thread's summary and fields, the messages added or changed since the last save,
 * and those removed. `order` is the full list of message ids, so a store that keeps messages
 * apart can put them back in order. `branches` comes only when the versions changed (an edit, a
 * regenerate, a switch): keep the last one you were given and return it from `load`.
 */
export interface ThreadChange {
  thread: Omit<StoredThread, "messages" | "branches">;
  order: string[];
  put: Message[];
  remove: string[];
  branches?: Record<string, BranchPoint>;
  /**
   * The saving tab has no run of its own to report (it neither runs the thread nor ended or took
   * over a run since its last save): the stored `runningSince` and `resumePoint` stay as they
   * are (`mergeRun`), so another tab's run going on is not taken for over.
   */
  keepRun?: boolean;
}

/**
 * Where threads are kept. Saves are incremental: only what changed since the last save.
 * Implementations may throw; Tandem reports that it cannot save and keeps the chat in memory.
 *
 * Two rules keep threads right when several tabs write: merge each save into what is stored
 * with `mergeThread` (in one transaction), and let `remove` leave a tombstone, so that no later
 * save of that id, from this tab or another, brings the thread back. `memoryStorage` is the model.
 */
export interface ThreadStorage {
  /** Tells stores apart (e.g. one per page): the current thread is remembered per name. */
  readonly name?: string;
  /** The stored threads' summaries, most recently updated first (removed threads left out). */
  list(): Promise<ThreadSummary[]>;
  /** The thread, or null when there is none with this id. */
  load(id: string, signal?: AbortSignal): Promise<StoredThread | null>;
  /** Merges a change into the stored thread; a removed thread's saves are ignored. */
  save(change: ThreadChange): Promise<void>;
  /** Deletes the thread and leaves a tombstone: it is not listed or loaded again, whatever is saved later. */
  remove(id: string): Promise<void>;
  /** Calls `listener` when a thread is changed elsewhere (another tab); returns an unsubscribe. */
  watch?(listener: (threadId: string) => void): () => void;
  /** Closes what the storage opened (a database connection, a channel to other tabs). */
  dispose?(): void;
}

/** Whether the thread is being kept, and if not, why. */
export type StorageStatus = { kind: "off" } | { kind: "saved" } | { kind: "saving" } | { kind: "failed"; message: string };

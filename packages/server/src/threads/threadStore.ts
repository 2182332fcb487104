import type { StoredThread, ThreadChange, ThreadSummary } from "@tandem/core";

/**
 * Where a server keeps threads, one set per owner (a user, an account, whatever `authorize`
 * resolves a request to). Owners never see each other's threads: a thread is found only
 * through its owner, so an id guessed from another account is simply not there.
 *
 * The rules are the browser stores' (`memoryStorage` in `@tandem/core` is the model): a save is
 * merged into what is stored with `mergeSave`, in one transaction, so two tabs or devices writing
 * one thread lose nothing; a removed thread leaves a tombstone that no later save brings back.
 */
export interface ThreadStore {
  /** The owner's threads, most recently updated first, at most `limit` of them; removed ones left out. */
  list(owner: string, limit: number): Promise<ThreadSummary[]>;
  /** The owner's thread with its messages in order, or null (none, or removed). */
  load(owner: string, id: string): Promise<StoredThread | null>;
  /** Merges a save (`ThreadChange`, as the browser's storages get it) into the owner's thread; a removed thread's saves are ignored. */
  save(owner: string, change: ThreadChange): Promise<void>;
  /** Gives the owner's thread a new title (and `updatedAt`); false when there is no such thread. */
  rename(owner: string, id: string, title: string, now?: number): Promise<boolean>;
  /** Removes the owner's thread and its messages, leaving a tombstone. */
  remove(owner: string, id: string): Promise<void>;
  /** Closes what the store opened (a connection, a pool). */
  close(): Promise<void>;
}

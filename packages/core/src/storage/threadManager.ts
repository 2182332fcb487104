import { v4 as randomUUID } from "uuid";
import { createStore, type StoreApi } from "zustand/vanilla";
import { describeStorageError, type Persistence } from "./persistThread.js";
import type { StorageStatus, StoredThread, ThreadStorage, ThreadSummary } from "./types.js";

export interface ThreadListState {
  /** Most recently updated first. */
  threads: ThreadSummary[];
  /** False until the list has been read once: "no threads yet" is not "not loaded yet". */
  loaded: boolean;
  currentId: string;
  /** Whether threads are being kept; `failed` says why not (the chat still works in memory). */
  storage: StorageStatus;
}

export interface ThreadManagerOptions {
  /** Remembers the current thread across reloads (default: localStorage, where there is one). */
  remember?: { get(): string | null; set(id: string): void };
  /** The thread to start on (e.g. from the URL); default: the remembered one, else a new one. */
  initialId?: string;
}

/**
 * The list of a user's threads over a `ThreadStorage`: create, switch, rename, remove. Which
 * thread is current survives a reload. Failures of the storage are reported in `storage`,
 * never thrown: without storage the current thread still works, in memory.
 */
export class ThreadManager {
  readonly store: StoreApi<ThreadListState>;
  private readonly remember: NonNullable<ThreadManagerOptions["remember"]>;
  private current: Persistence | null = null;

  constructor(
    readonly storage: ThreadStorage,
    options: ThreadManagerOptions = {},
  ) {
    this.remember = options.remember ?? localStorageRemember(`tandem:current-thread:${storage.name ?? "default"}`);
    const currentId = options.initialId ?? this.remember.get() ?? randomUUID();
    this.remember.set(currentId);
    this.store = createStore<ThreadListState>()(() => ({ threads: [], loaded: false, currentId, storage: { kind: "saved" } }));
  }

  /** Reads the list and follows changes made elsewhere (other tabs); returns a function that stops following. */
  connect(): () => void {
    void this.refresh();
    return this.storage.watch?.(() => void this.refresh()) ?? (() => {});
  }

  /** The persistence of the current thread: renaming it goes through it, so its next save keeps the new title. */
  attach(persistence: Persistence): () => void {
    this.current = persistence;
    return () => {
      if (this.current === persistence) this.current = null;
    };
  }

  get state(): ThreadListState {
    return this.store.getState();
  }

  /** Reads the list again. */
  async refresh(): Promise<void> {
    try {
      const threads = await this.storage.list();
      this.store.setState({ threads, loaded: true });
    } catch (error) {
      this.report({ kind: "failed", message: describeStorageError(error) });
    }
  }

  /** The stored thread, or null (none yet, or unreadable: reported, and the thread starts empty). */
  async load(id: string): Promise<StoredThread | null> {
    try {
      const thread = await this.storage.load(id);
      return thread && checkStoredThread(thread);
    } catch (error) {
      this.report({ kind: "failed", message: describeStorageError(error) });
      return null;
    }
  }

  /** Starts a new, empty thread and makes it current. */
  create(): string {
    const id = randomUUID();
    this.switchTo(id);
    return id;
  }

  switchTo(id: string): void {
    if (id === this.state.currentId) return;
    this.remember.set(id);
    this.store.setState({ currentId: id });
  }

  async rename(id: string, title: string): Promise<void> {
    if (id === this.state.currentId && this.current) {
      await this.current.rename(title);
      await this.refresh();
      return;
    }
    const thread = await this.load(id);
    if (!thread) return;
    const { messages, ...rest } = thread;
    await this.write(() =>
      this.storage.save({
        thread: { ...rest, title: title.trim() || rest.title, updatedAt: Date.now() },
        order: messages.map((m) => m.id),
        put: [],
        remove: [],
      }),
    );
  }

  /** Deletes a thread; deleting the current one moves to the most recent other, or a new one. */
  async remove(id: string): Promise<void> {
    await this.write(() => this.storage.remove(id));
    if (id === this.state.currentId) {
      const next = this.state.threads.find((t) => t.id !== id);
      if (next) this.switchTo(next.id);
      else this.create();
    }
  }

  /** For the persistence of the current thread: its saves are this list's too. */
  report(status: StorageStatus): void {
    if (status.kind === "saved" && this.state.storage.kind === "saved") return;
    this.store.setState({ storage: status });
    if (status.kind === "saved") void this.refresh();
  }

  private async write(action: () => Promise<void>): Promise<void> {
    try {
      await action();
      await this.refresh();
    } catch (error) {
      this.report({ kind: "failed", message: describeStorageError(error) });
    }
  }
}

/** Throws when a record is not a thread Tandem wrote (corrupt, or another app's). */
export function checkStoredThread(thread: StoredThread): StoredThread {
  const ok =
    typeof thread === "object" &&
    thread !== null &&
    typeof thread.id === "string" &&
    Array.isArray(thread.messages) &&
    thread.messages.every((m) => typeof m === "object" && m !== null && typeof m.id === "string" && typeof m.role === "string") &&
    Array.isArray(thread.interrupts ?? []) &&
    typeof (thread.toolCallStatus ?? {}) === "object" &&
    typeof (thread.branches ?? {}) === "object";
  if (!ok)
    throw new TypeError(
      `The stored thread "${String((thread as { id?: unknown })?.id)}" is not in a shape Tandem can read; it was left as it is.`,
    );
  return {
    ...thread,
    interrupts: thread.interrupts ?? [],
    toolCallStatus: thread.toolCallStatus ?? {},
    branches: thread.branches ?? {},
    title: thread.title ?? "",
  };
}

function localStorageRemember(key: string): NonNullable<ThreadManagerOptions["remember"]> {
  let memory: string | null = null;
  return {
    get() {
      try {
        return globalThis.localStorage?.getItem(key) ?? memory;
      } catch {
        return memory;
      }
    },
    set(id) {
      memory = id;
      try {
        globalThis.localStorage?.setItem(key, id);
      } catch {
        // Private browsing may refuse; the current thread is then remembered for this page only.
      }
    },
  };
}

import type { StoreApi } from "zustand/vanilla";
import { describeStorageError, type PersistOptions, persistThread } from "../storage/persistThread.js";
import type { StorageStatus, StoredThread, ThreadStorage } from "../storage/types.js";
import { checkStoredThread } from "./checkStoredThread.js";
import { claimAcrossTabs } from "./outboxClaim.js";
import { sameThread } from "./sameThread.js";
import type { Session, ThreadRuntimeState } from "./types.js";

/** What a `ThreadKeeper` reaches of the `ThreadRuntime` it keeps threads for. */
export interface KeeperHost {
  readonly store: StoreApi<ThreadRuntimeState>;
  /** The current thread's session; null while none is attached. */
  session(): Session | null;
  /** Leaves the current thread without saving it, for the most recent other one (or a new one). */
  discardCurrent(): void;
}

/**
 * The storage half of a `ThreadRuntime`, loaded with its first storage call so that an app that
 * gives no storage ships none of it: the list, reading a thread, keeping the current one (its
 * persistence, and which tab sends its outbox), other tabs' changes, and reporting failures.
 */
export class ThreadKeeper {
  constructor(
    private readonly host: KeeperHost,
    private readonly storage: ThreadStorage,
    private readonly persist: Pick<PersistOptions, "debounceMs"> | undefined,
  ) {}

  private get state(): ThreadRuntimeState {
    return this.host.store.getState();
  }

  /** Reads the list again. */
  async refresh(): Promise<void> {
    try {
      const threads = await this.storage.list();
      this.host.store.setState({ threads, loaded: true });
    } catch (error) {
      this.failed(error);
    }
  }

  /** The stored thread (`reading`, when its read has started already), or null: none yet, or unreadable (reported; the thread starts empty). */
  async load(id: string, reading?: Promise<StoredThread | null>): Promise<StoredThread | null> {
    try {
      const thread = await (reading ?? this.storage.load(id));
      return thread ? checkStoredThread(thread) : null;
    } catch (error) {
      this.failed(error);
      return null;
    }
  }

  /** Keeps the session's thread from now on, once its stored copy (null when none) has been read. */
  attach(session: Session, stored: StoredThread | null): void {
    const { client } = session;
    // Before the restore, which may send what the stored outbox holds: one tab sends each message.
    client.outbox.claim = claimAcrossTabs(this.storage, client.state.threadId, () => session.persistence?.flush() ?? Promise.resolve());
    if (stored) client.restore(stored);
    session.stored = stored !== null;
    this.keep(session, stored && client.state.messages === stored.messages ? stored : null);
  }

  /** Deletes a thread from the storage. */
  remove(id: string): Promise<void> {
    return this.write(() => this.storage.remove(id));
  }

  /** Gives a thread a title of its own (later saves keep it). */
  async rename(id: string, title: string): Promise<void> {
    const persistence = this.host.session()?.persistence;
    if (id === this.state.currentId && persistence) {
      await persistence.rename(title);
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

  /** Another tab changed a thread: the list follows, and so does the current thread while it is idle. */
  heard(id: string): void {
    void this.refresh();
    const session = this.host.session();
    if (id !== this.state.currentId || !session?.persistence) return;
    void this.load(id).then((stored) => {
      const { client } = session;
      if (this.host.session() !== session || client.state.status !== "idle" || session.persistence?.hasUnsaved()) return;
      if (!stored) {
        // Removed in another tab: this one moves on rather than writing into a tombstone.
        if (session.stored) this.host.discardCurrent();
        return;
      }
      session.stored = true;
      if (sameThread(stored, client.state)) return;
      session.persistence?.discard();
      client.restore(stored, { replace: true });
      this.keep(session, stored);
    });
  }

  private keep(session: Session, loaded: StoredThread | null): void {
    session.persistence = persistThread(session.client, this.storage, {
      ...this.persist,
      loaded,
      onStatus: (status) => {
        if (status.kind === "saved") session.stored = true;
        this.report(status);
      },
    });
  }

  /** For the persistence of the current thread: its saves are this list's too. */
  private report(status: StorageStatus): void {
    if (status.kind === "saved" && this.state.storage.kind === "saved") return;
    this.host.store.setState({ storage: status });
    if (status.kind === "saved") void this.refresh();
  }

  private async write(action: () => Promise<void>): Promise<void> {
    try {
      await action();
      await this.refresh();
    } catch (error) {
      this.failed(error);
    }
  }

  private failed(error: unknown): void {
    this.report({ kind: "failed", message: describeStorageError(error) });
  }
}

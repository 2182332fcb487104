import { v4 as randomUUID } from "uuid";
import { createStore, type StoreApi } from "zustand/vanilla";
import type { AgentClient } from "../run/agentClient.js";
import type { Persistence, PersistOptions } from "../storage/persistThread.js";
import type { StorageStatus, StoredThread, ThreadStorage, ThreadSummary } from "../storage/types.js";
import { type Remember, rememberInLocalStorage } from "./remember.js";

type StorageParts = typeof import("./storageParts.js");
let storageParts: Promise<StorageParts> | null = null;
/** Persistence, checks and the tab-follow comparison: loaded with the first storage call. */
const loadStorageParts = () => {
  storageParts ??= import("./storageParts.js").catch((error: Error) => {
    storageParts = null; // tried again on the next call
    throw error;
  });
  return storageParts;
};

/** What a `ThreadRuntime` shows: the current thread's client and id, and the list of threads. */
export interface ThreadRuntimeState {
  /** The current thread's client: a new one each time the thread changes. */
  client: AgentClient;
  currentId: string;
  /** Most recently updated first. */
  threads: ThreadSummary[];
  /** False until the list has been read once: "no threads yet" is not "not loaded yet". */
  loaded: boolean;
  /** Whether threads are being kept; `failed` says why not (the chat still works in memory). */
  storage: StorageStatus;
}

/** How a `ThreadRuntime` makes clients, where it keeps threads, and which thread it starts on. */
export interface ThreadRuntimeOptions {
  /** Makes the client of a thread (the app's agent options, with this thread's id). */
  createClient: (threadId: string) => AgentClient;
  /** Where threads are kept; without one the current thread lives in memory only. */
  storage?: ThreadStorage;
  /** The thread to start on (e.g. from the URL); default: the remembered one, else a new one. */
  threadId?: string;
  /** A client made elsewhere for the first thread: it is stopped when left, never retired. */
  client?: AgentClient;
  /** Remembers the current thread across reloads (default: localStorage, where there is one). */
  remember?: Remember;
  /** How saves are paced (see `persistThread`). */
  persist?: Pick<PersistOptions, "debounceMs">;
}

/** The current thread's attachment to the agent and the storage, undone when the thread is left. */
interface Session {
  client: AgentClient;
  controller: AbortController;
  persistence: Persistence | null;
  /** The thread is in the storage (it was loaded, or saved since). */
  stored: boolean;
}

/**
 * Owns the current thread: its client and its persistence, and the list of threads beside it.
 * `create`, `switchTo` and `remove` are atomic: the run is stopped, the thread saved (or, when
 * removed, not), the old client retired so a late action on it is refused, then the next thread
 * is loaded, restored and kept. The order never depends on a framework's effects. Other tabs'
 * changes are followed: the list at once, the current thread while it is idle.
 */
export class ThreadRuntime {
  readonly store: StoreApi<ThreadRuntimeState>;
  readonly storage: ThreadStorage | null;
  private readonly options: ThreadRuntimeOptions;
  private readonly remember: Remember;
  private session: Session | null = null;
  private unwatch: (() => void) | null = null;

  constructor(options: ThreadRuntimeOptions) {
    this.options = options;
    this.storage = options.storage ?? null;
    this.remember = options.remember ?? rememberInLocalStorage(`tandem:current-thread:${this.storage?.name ?? "default"}`);
    // Reads only: nothing is written, opened or fetched until `connect` (a render may make and drop this).
    const currentId = options.client?.state.threadId ?? options.threadId ?? (this.storage && this.remember.get()) ?? randomUUID();
    const client = options.client ?? options.createClient(currentId);
    this.store = createStore<ThreadRuntimeState>()(() => ({
      client,
      currentId,
      threads: [],
      loaded: false,
      storage: { kind: this.storage ? "saved" : "off" },
    }));
  }

  get state(): ThreadRuntimeState {
    return this.store.getState();
  }

  get client(): AgentClient {
    return this.state.client;
  }

  /** Starts keeping the current thread and following the list; returns a function that stops (saving what is left). */
  connect(): () => void {
    if (this.client.retired) this.store.setState({ client: this.options.createClient(this.state.currentId) });
    if (this.storage) this.remember.set(this.state.currentId);
    this.attach();
    void this.refresh();
    this.unwatch = this.storage?.watch?.((id) => this.heard(id)) ?? null;
    return () => {
      this.unwatch?.();
      this.unwatch = null;
      this.detach("save");
    };
  }

  /** Starts a new, empty thread and makes it current; returns its id. */
  create(): string {
    const id = randomUUID();
    this.switchTo(id);
    return id;
  }

  /** Makes a thread current: a run on the one left is stopped and that thread saved first. */
  switchTo(id: string): void {
    if (id === this.state.currentId) return;
    this.open(id, "save");
  }

  /** A new client for the current thread (the agent's URL or dialect changed), after the old one's final save. */
  reopen(): void {
    this.open(this.state.currentId, "save");
  }

  /** Deletes a thread; deleting the current one discards it (no save) and moves to the most recent other, or a new one. */
  async remove(id: string): Promise<void> {
    this.store.setState((s) => ({ threads: s.threads.filter((t) => t.id !== id) }));
    if (id === this.state.currentId) this.open(this.state.threads[0]?.id ?? randomUUID(), "discard");
    if (this.storage) await this.write(() => this.storage!.remove(id));
  }

  /** Gives a thread a title of its own (later saves keep it). */
  async rename(id: string, title: string): Promise<void> {
    const persistence = this.session?.persistence;
    if (id === this.state.currentId && persistence) {
      await persistence.rename(title);
      await this.refresh();
      return;
    }
    const thread = await this.load(id);
    if (!thread || !this.storage) return;
    const { messages, ...rest } = thread;
    const storage = this.storage;
    await this.write(() =>
      storage.save({
        thread: { ...rest, title: title.trim() || rest.title, updatedAt: Date.now() },
        order: messages.map((m) => m.id),
        put: [],
        remove: [],
      }),
    );
  }

  /** Reads the list again. */
  async refresh(): Promise<void> {
    if (!this.storage) return;
    try {
      const threads = await this.storage.list();
      this.store.setState({ threads, loaded: true });
    } catch (error) {
      await this.failed(error);
    }
  }

  /** The stored thread, or null (none yet, or unreadable: reported, and the thread starts empty). */
  async load(id: string): Promise<StoredThread | null> {
    if (!this.storage) return null;
    try {
      const [thread, { checkStoredThread }] = await Promise.all([this.storage.load(id), loadStorageParts()]);
      return thread ? checkStoredThread(thread) : null;
    } catch (error) {
      await this.failed(error);
      return null;
    }
  }

  /** Leaves the current thread (saving it) and stops following the list. */
  dispose(): void {
    this.unwatch?.();
    this.unwatch = null;
    this.detach("save");
  }

  /** Leaves the current thread, then opens `id` with a new client. */
  private open(id: string, leave: "save" | "discard"): void {
    const connected = this.session !== null;
    this.detach(leave);
    if (this.storage) this.remember.set(id);
    this.store.setState({ currentId: id, client: this.options.createClient(id) });
    if (connected) this.attach();
  }

  /** Reads what the server and the storage keep of the current thread, then keeps it as it changes. */
  private attach(): void {
    const { client } = this;
    const controller = new AbortController();
    const session: Session = { client, controller, persistence: null, stored: false };
    this.session = session;
    void client.loadHistory(controller.signal);
    void client.loadCapabilities(controller.signal);
    // The validation code is a chunk of its own: fetch it now, so the first message need not wait.
    client.preload();
    if (!this.storage) return;
    const storage = this.storage;
    const loading = this.load(client.state.threadId);
    // A message sent before the thread is read waits for it, and goes after what is stored.
    client.waitFor(loading);
    void Promise.all([loading, loadStorageParts()]).then(([stored, parts]) => {
      if (controller.signal.aborted) return;
      // Before the restore, which may send what the stored outbox holds: one tab sends each message.
      client.outbox.claim = parts.claimAcrossTabs(storage, client.state.threadId, () => session.persistence?.flush() ?? Promise.resolve());
      if (stored) client.restore(stored);
      session.stored = stored !== null;
      this.keep(session, stored && client.state.messages === stored.messages ? stored : null, storage, parts);
    });
  }

  private keep(session: Session, loaded: StoredThread | null, storage: ThreadStorage, { persistThread }: StorageParts): void {
    session.persistence = persistThread(session.client, storage, {
      ...this.options.persist,
      loaded,
      onStatus: (status) => {
        if (status.kind === "saved") session.stored = true;
        this.report(status);
      },
    });
  }

  /** Leaves the current thread: stops its run, saves it (or discards it), and retires its client. */
  private detach(leave: "save" | "discard"): void {
    const session = this.session;
    this.session = null;
    if (!session) return;
    session.controller.abort();
    const { client, persistence } = session;
    if (leave === "discard") persistence?.discard();
    // Stopped before the last save: a thread left mid-reply is saved as stopped, not as cut off.
    client.stop();
    if (leave === "save") void persistence?.stop();
    if (client !== this.options.client) client.dispose();
  }

  /** Another tab changed a thread: the list follows, and so does the current thread while it is idle. */
  private heard(id: string): void {
    void this.refresh();
    const session = this.session;
    if (id !== this.state.currentId || !session?.persistence || !this.storage) return;
    const storage = this.storage;
    void Promise.all([this.load(id), loadStorageParts()]).then(([stored, parts]) => {
      const { client } = session;
      if (this.session !== session || client.state.status !== "idle" || session.persistence?.hasUnsaved()) return;
      if (!stored) {
        // Removed in another tab: this one moves on rather than writing into a tombstone.
        if (session.stored) this.open(this.state.threads.find((t) => t.id !== id)?.id ?? randomUUID(), "discard");
        return;
      }
      session.stored = true;
      if (parts.sameThread(stored, client.state)) return;
      session.persistence?.discard();
      client.restore(stored, { replace: true });
      this.keep(session, stored, storage, parts);
    });
  }

  /** For the persistence of the current thread: its saves are this list's too. */
  private report(status: StorageStatus): void {
    if (status.kind === "saved" && this.state.storage.kind === "saved") return;
    this.store.setState({ storage: status });
    if (status.kind === "saved") void this.refresh();
  }

  private async write(action: () => Promise<void>): Promise<void> {
    try {
      await action();
      await this.refresh();
    } catch (error) {
      await this.failed(error);
    }
  }

  private async failed(error: unknown): Promise<void> {
    const describe = await loadStorageParts().then(
      (parts) => parts.describeStorageError,
      () => (e: unknown) => `The chat could not be saved and is kept in memory only (${String(e)}).`,
    );
    this.report({ kind: "failed", message: describe(error) });
  }
}

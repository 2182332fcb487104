import type { StoreApi } from "zustand/vanilla";
import { describeStorageError, type PersistOptions, persistThread } from "../storage/persistThread.js";
import type { StorageStatus, StoredThread, ThreadStorage } from "../storage/types.js";
import { checkStoredThread } from "./checkStoredThread.js";
import { deviceId } from "./deviceId.js";
import { watchOtherDevice } from "./deviceWatch.js";
import { runOnOtherDevice } from "./otherDevice.js";
import { claimAcrossTabs } from "./outboxClaim.js";
import { RunningThreads } from "./runningThreads.js";
import { type RunLocks, RunOwner, runLockName } from "./runOwner.js";
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
 * persistence, and which tab sends its outbox), other tabs' changes and runs, and reporting
 * failures.
 */
export class ThreadKeeper {
  /** Which threads have a run going, here or in another tab: the list's `running`. */
  private readonly running: RunningThreads;
  private readonly persist: Pick<PersistOptions, "debounceMs"> | undefined;
  /** The Web Locks that say which tab owns a run (default: the browser's; none: one owner assumed). */
  private readonly locks: RunLocks | undefined;
  /** This browser's id (`deviceId`): saved with its runs; another device's runs are watched, never run. */
  private readonly device: string | undefined;

  constructor(
    private readonly host: KeeperHost,
    private readonly storage: ThreadStorage,
    /** How saves are paced, the Web Locks, this device's id (see `ThreadRuntimeOptions`). */
    options: { persist?: Pick<PersistOptions, "debounceMs">; locks?: RunLocks; device?: string } = {},
  ) {
    this.persist = options.persist;
    this.locks = options.locks;
    this.device = "device" in options ? options.device : deviceId();
    this.running = new RunningThreads(storage.name, () => this.showRunning(), this.locks);
  }

  private get state(): ThreadRuntimeState {
    return this.host.store.getState();
  }

  /** Reads the list again, and which of its threads have a run going. */
  async refresh(): Promise<void> {
    void this.running.refresh();
    try {
      const threads = await this.storage.list();
      this.host.store.setState({ threads: threads.map((t) => ({ ...t, running: this.running.has(t.id) })), loaded: true });
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

  /**
   * Keeps the session's thread from now on, once its stored copy (null when none) has been read.
   * A thread whose run another device owns (its resume point says so) is watched read-only, its
   * stream joined; one whose run another tab owns (it holds the thread's lock) is followed
   * read-only; otherwise the copy is this tab's to restore (a reload reads its run on).
   */
  attach(session: Session, stored: StoredThread | null): void {
    const { client } = session;
    this.running.track(client, session.controller.signal);
    // Before the restore, which may send what the stored outbox holds: one tab sends each message.
    client.outbox.claim = claimAcrossTabs(this.storage, client.state.threadId, () => session.persistence?.flush() ?? Promise.resolve());
    const owner = this.ownerOf(session);
    if (stored && runOnOtherDevice(stored, this.device)) {
      this.watch(session, stored);
      return;
    }
    if (stored && owner.checked) {
      const decided = owner.tryAcquire().then((mine) => {
        if (session.controller.signal.aborted) return;
        if (mine) this.restoreOwned(session, stored);
        else this.follow(session, stored);
      });
      // A message sent meanwhile goes once it is known who runs the thread.
      client.waitFor(decided);
      return;
    }
    this.restoreOwned(session, stored);
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

  /**
   * Another tab changed a thread: the list follows, and so does the current thread while it is
   * idle. While another tab holds the thread's lock (its run goes on) this one follows that run
   * read-only; a copy saved mid-run that nobody holds is a run whose tab went away: taken over.
   * Heard while this tab's own save is on its way, it is read `again` once that save is written.
   */
  heard(id: string, again = false): void {
    if (!again) void this.refresh();
    const session = this.host.session();
    if (id !== this.state.currentId || !session?.persistence || session.watching) return;
    void this.load(id).then(async (stored) => {
      const { client } = session;
      const { following } = client.state;
      // A follower shows every copy its owner saves, a question it waits on included.
      if (this.host.session() !== session || (client.state.status !== "idle" && !following)) return;
      if (session.persistence?.hasUnsaved()) {
        // This tab's own save is on its way: once written (merged with that copy), the stored thread is read again.
        if (!again) void session.persistence.flush().then(() => this.heard(id, true));
        return;
      }
      if (!stored) {
        // Removed in another tab: this one moves on rather than writing into a tombstone.
        if (session.stored) this.host.discardCurrent();
        return;
      }
      session.stored = true;
      // Another device's run begun meanwhile: watched, never run here.
      if (!following && runOnOtherDevice(stored, this.device)) {
        this.watch(session, stored);
        return;
      }
      const owner = session.owner;
      if (owner?.checked && !owner.holding && !following) {
        const mine = await owner.tryAcquire();
        // This tab sent a message while the lock was asked about: its copy is newer than the one
        // heard, and its run holds the lock or waits for it (the copy shown now would drop it).
        if (client.state.status !== "idle") {
          if (mine && !client.runPending) owner.release();
          return;
        }
        if (!mine) {
          // Another tab's run goes on: followed here.
          if (this.host.session() === session) this.follow(session, stored);
          return;
        }
        // Saved mid-run, yet nobody owns it: its tab went away, and this one reads it on.
        if (stored.runningSince) return void this.takeOver(session);
        owner.release();
        if (this.host.session() !== session) return;
      }
      if (sameThread(stored, client.state)) return;
      session.persistence?.discard();
      client.restore(stored, { replace: true });
      this.keep(session, stored);
    });
  }

  /** The session's run owner: the client's runs take its lock; leaving the thread lets it go. */
  private ownerOf(session: Session): RunOwner {
    const { client } = session;
    const owner = new RunOwner(
      runLockName(this.storage.name, client.state.threadId),
      this.locks,
      // The run's last save is written before another tab may take the thread.
      () => session.persistence?.flush() ?? Promise.resolve(),
    );
    session.owner = owner;
    if (owner.checked) client.ownership = this.running.ownership(owner, client.state.threadId);
    session.controller.signal.addEventListener("abort", () => owner.dispose(), { once: true });
    return owner;
  }

  /** This tab owns the thread: the stored copy is restored (a reload reads its run on) and kept. */
  private restoreOwned(session: Session, stored: StoredThread | null): void {
    const { client } = session;
    if (stored) client.restore(stored);
    session.stored = stored !== null;
    // A copy saved mid-run is this tab's run now (it owns the thread): it reads it on or marks it cut.
    this.keep(session, stored && client.state.messages === stored.messages ? stored : null, stored?.runningSince !== undefined);
    if (!client.runPending) session.owner?.release();
  }

  /** Another tab owns the thread's run: shown read-only from its saves, until the lock is free. */
  private follow(session: Session, stored: StoredThread): void {
    const { client } = session;
    client.follow(true);
    session.persistence?.discard();
    client.restore(stored, { replace: true });
    session.stored = true;
    this.keep(session, stored, false);
    void session.owner?.acquire().then((held) => {
      if (held) void this.takeOver(session);
    });
  }

  /**
   * The lock is this tab's now: the run it followed ended (its owner's last save is read), or
   * its owner went away mid-run, and this tab reads the run on as a reload would.
   */
  private async takeOver(session: Session): Promise<void> {
    const { client } = session;
    const stored = await this.load(client.state.threadId);
    if (this.host.session() !== session) return;
    if (stored && runOnOtherDevice(stored, this.device)) {
      // This browser's tab let the thread go, and another device's run goes on in it: watched.
      session.owner?.release();
      this.watch(session, stored);
      return;
    }
    client.follow(false);
    if (stored?.runningSince) {
      session.persistence?.discard();
      client.restore(stored, { takeOver: true });
      this.keep(session, client.state.messages === stored.messages ? stored : null, true);
    } else if (stored && !sameThread(stored, client.state)) {
      session.persistence?.discard();
      client.restore(stored, { replace: true });
      this.keep(session, stored);
    }
    if (!client.runPending) session.owner?.release();
  }

  /** Another device runs the thread: watched read-only, its stream joined, until its run is over (`watchOtherDevice`). */
  private watch(session: Session, stored: StoredThread): void {
    if (session.watching) return;
    // No `waitFor` here: the joined runs go through the client's queue. A message sent meanwhile
    // waits in the outbox (the client follows) until the run is over.
    void watchOtherDevice(
      session,
      stored,
      {
        load: () => this.load(session.client.state.threadId),
        keep: (loaded, reportsRun) => {
          if (this.host.session() === session) this.keep(session, loaded, reportsRun);
        },
      },
      { device: this.device },
    );
  }

  /** Keeps the session's thread from `loaded` on; `reportsRun`: see `PersistOptions` (false: another tab's copy). */
  private keep(session: Session, loaded: StoredThread | null, reportsRun = false): void {
    session.persistence = persistThread(session.client, this.storage, {
      ...this.persist,
      loaded,
      reportsRun,
      device: this.device,
      onStatus: (status) => {
        if (status.kind === "saved") session.stored = true;
        this.report(status);
      },
    });
  }

  /** A thread started or stopped running: the list says so (only the items that changed are new). */
  private showRunning(): void {
    const { threads } = this.state;
    if (threads.every((t) => t.running === this.running.has(t.id))) return;
    this.host.store.setState({ threads: threads.map((t) => (t.running === this.running.has(t.id) ? t : { ...t, running: !t.running })) });
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

/**
 * The part of the Web Locks API (`navigator.locks`) a `RunOwner` and `RunningThreads` use; tests
 * pass a fake. `callback` gets null when `ifAvailable` is asked and another holder has the lock.
 */
export interface RunLocks {
  /**
   * Asks for the lock `name` (`mode` exclusive unless said) and calls `callback` once it is held
   * (with null at once when `ifAvailable` and it cannot be had now); the lock is held until the
   * callback's promise settles.
   */
  request(
    name: string,
    options: { ifAvailable?: boolean; signal?: AbortSignal; mode?: "exclusive" | "shared" },
    callback: (lock: unknown) => Promise<unknown> | unknown,
  ): Promise<unknown>;
  /** The locks held now by every tab of this origin (`LockManager.query`); absent where it cannot be asked. */
  query?(): Promise<{ held?: { name?: string; mode?: string }[] }>;
}

/** The browser's Web Locks, or undefined where there are none (Node, an older browser, jsdom). */
export function browserLocks(): RunLocks | undefined {
  const locks = typeof navigator === "undefined" ? undefined : (navigator as { locks?: RunLocks }).locks;
  return locks && typeof locks.request === "function" ? locks : undefined;
}

/** The Web Lock that says which tab owns a thread's runs. */
export function runLockName(storageName: string | undefined, threadId: string): string {
  return `tandem:run:${storageName ?? "default"}:${threadId}`;
}

/**
 * Which tab owns a thread's runs: the one holding a Web Lock named after the thread. The tab
 * that starts a run takes the lock for the run and its follow-ups (`acquire`) and lets it go
 * when they end (`release`, after `beforeRelease`, e.g. the thread's last save, so the next
 * holder reads it). The browser lets it go when the tab goes away (closed or reloaded). A tab
 * that opens a thread whose run another tab owns asks without waiting (`tryAcquire`: false)
 * and follows it read-only until the lock is free (`acquire`, which waits).
 *
 * Without Web Locks (`locks` undefined) every call succeeds at once: one owner is assumed, as
 * before ownership existed. Framework-free; the storage half of a `ThreadRuntime` makes one
 * per thread it keeps.
 */
export class RunOwner {
  /** Lets the held lock go; null while this tab does not hold it. */
  private held: (() => void) | null = null;
  /** A request that waits for the lock, shared by every `acquire` while it waits. */
  private waiting: Promise<boolean> | null = null;
  private readonly controller = new AbortController();

  constructor(
    /** The lock's name (see `runLockName`). */
    readonly name: string,
    private readonly locks: RunLocks | undefined = browserLocks(),
    /** Runs before the lock is let go (the thread's last save); its failure does not keep the lock. */
    private readonly beforeRelease: () => Promise<unknown> = () => Promise.resolve(),
  ) {}

  /** Whether ownership is checked at all (the browser has Web Locks). */
  get checked(): boolean {
    return this.locks !== undefined;
  }

  /** This tab holds the lock (always, where ownership is not checked). */
  get holding(): boolean {
    return this.locks === undefined || this.held !== null;
  }

  /** Takes the lock, waiting while another tab holds it; true once held, false when disposed first. */
  acquire(): Promise<boolean> {
    if (this.holding) return Promise.resolve(true);
    this.waiting ??= this.request({ signal: this.controller.signal }).finally(() => {
      this.waiting = null;
    });
    return this.waiting;
  }

  /** Takes the lock only if nobody holds it: true when this tab holds it now, false when another does. */
  tryAcquire(): Promise<boolean> {
    if (this.holding) return Promise.resolve(true);
    // This tab already waits for it: another one holds it.
    if (this.waiting) return Promise.resolve(false);
    return this.request({ ifAvailable: true });
  }

  /** Lets the lock go (after `beforeRelease`); nothing when this tab does not hold it. */
  release(): void {
    const free = this.held;
    if (!free) return;
    this.held = null;
    // A turn later: a thread being left writes its last save first.
    void Promise.resolve()
      .then(() => this.beforeRelease())
      .then(free, free);
  }

  /** Stops waiting for the lock and lets it go (after `beforeRelease`): the thread was left. */
  dispose(): void {
    this.controller.abort();
    this.release();
  }

  private request(options: { ifAvailable?: boolean; signal?: AbortSignal }): Promise<boolean> {
    const locks = this.locks;
    if (!locks || this.controller.signal.aborted) return Promise.resolve(locks === undefined);
    return new Promise<boolean>((resolve) => {
      locks
        .request(this.name, options, (lock) => {
          if (!lock) return resolve(false);
          if (this.controller.signal.aborted) return resolve(false);
          return new Promise<void>((free) => {
            this.held = free;
            resolve(true);
          });
        })
        // Aborted while waiting (the thread was left): no. Locks refused here (e.g. an opaque
        // origin): ownership cannot be checked, so this tab goes on as the one owner.
        .catch(() => resolve(!this.controller.signal.aborted));
    });
  }
}

import type { AgentClient } from "../run/agentClient.js";
import type { RunOwnership } from "../run/runQueue.js";
import { browserLocks, type RunLocks } from "./runOwner.js";

/**
 * Which threads of one storage have a run going now, in this tab or in another tab of this
 * browser. The tab that owns a thread's runs holds a shared Web Lock named after it
 * (`tandem:running:<storage>:<thread>`) from the start of a run to the end of the last one
 * (`ownership`); the lock manager's `query()` lists what every tab holds (`refresh`). A run's end,
 * and a tab that goes away mid-run (the browser lets its locks go), is heard by asking for that
 * lock exclusively and letting it go as soon as it is had: a watcher never holds it while a run
 * does. This tab's own client counts at once, locks or not (`track`). Derived live and never
 * stored: a tab that crashed mid-run counts no more.
 */
export class RunningThreads {
  /** Threads whose running lock some tab holds, as last read. */
  private held = new Set<string>();
  /** Threads whose run goes on in a client of this tab. */
  private readonly local = new Set<string>();
  /** Threads whose lock is asked for, to hear their run end. */
  private readonly waiting = new Set<string>();
  /** Reads one after another, so an older answer never overwrites a newer one. */
  private reading: Promise<void> = Promise.resolve();
  private readonly prefix: string;

  constructor(
    /** The storage's name (`ThreadStorage.name`): threads of other storages are not counted. */
    storageName: string | undefined,
    /** Told when a thread starts or stops counting. */
    private readonly changed: () => void,
    /** The Web Locks (default: the browser's); without them only this tab's own runs count. */
    private readonly locks: RunLocks | undefined = browserLocks(),
  ) {
    this.prefix = `tandem:running:${storageName ?? "default"}:`;
  }

  /** Whether the thread has a run going now, here or in another tab. */
  has(threadId: string): boolean {
    return this.local.has(threadId) || this.held.has(threadId);
  }

  /** Reads again which threads have a run going (a save heard from another tab: its run may have started). */
  refresh(): Promise<void> {
    this.reading = this.reading.then(() => this.read());
    return this.reading;
  }

  /** Counts the client's thread while its status is "running", until it is not after `left` aborts (the thread was left). */
  track(client: AgentClient, left: AbortSignal): void {
    const id = client.state.threadId;
    const update = () => {
      const running = client.state.status === "running";
      if (running !== this.local.has(id)) {
        if (running) this.local.add(id);
        else this.local.delete(id);
        this.changed();
      }
      if (!running && left.aborted) unsubscribe();
    };
    const unsubscribe = client.store.subscribe(update);
    left.addEventListener("abort", update, { once: true });
    update();
  }

  /**
   * `owner` as the ownership of a thread's runs that also holds the thread's running lock
   * (shared) from the start of a run, once owned, until the runs are over.
   */
  ownership(owner: RunOwnership, threadId: string): RunOwnership {
    let mark: Promise<(() => void) | null> | null = null;
    return {
      acquire: async () => {
        if (!(await owner.acquire())) return false;
        mark ??= this.mark(threadId);
        await mark;
        return true;
      },
      release: () => {
        void mark?.then((free) => free?.());
        mark = null;
        owner.release();
      },
    };
  }

  /** Takes the thread's running lock (shared); resolves with what lets it go, or null where it cannot be had. */
  private mark(threadId: string): Promise<(() => void) | null> {
    const locks = this.locks;
    if (!locks) return Promise.resolve(null);
    return new Promise((marked) => {
      locks
        .request(
          this.prefix + threadId,
          { mode: "shared" },
          () =>
            new Promise<void>((free) => {
              marked(free);
              void this.refresh();
            }),
        )
        .catch(() => marked(null));
    });
  }

  private async read(): Promise<void> {
    const locks = this.locks;
    if (!locks?.query) return;
    let held: { name?: string; mode?: string }[];
    try {
      held = (await locks.query()).held ?? [];
    } catch {
      return;
    }
    // Runs hold it shared; a tab that had it exclusively was only hearing a run end.
    const now = new Set(
      held.flatMap(({ name, mode }) => (mode === "shared" && name?.startsWith(this.prefix) ? [name.slice(this.prefix.length)] : [])),
    );
    const was = this.held;
    this.held = now;
    if (now.size !== was.size || [...now].some((id) => !was.has(id))) this.changed();
    for (const id of now) this.hearEnd(locks, id);
  }

  /** Asks for the thread's running lock, had once no run holds it, and reads again then. */
  private hearEnd(locks: RunLocks, threadId: string): void {
    if (this.waiting.has(threadId)) return;
    this.waiting.add(threadId);
    void locks
      .request(this.prefix + threadId, {}, () => undefined)
      .catch(() => undefined)
      .then(() => {
        this.waiting.delete(threadId);
        return this.refresh();
      });
  }
}

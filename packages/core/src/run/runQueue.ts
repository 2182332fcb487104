import type { RunRequest } from "./runRequest.js";

/**
 * Which tab owns the thread's runs (see `RunOwner`): a run and its follow-ups start once this
 * tab holds the ownership, and it is let go when no run is left.
 */
export interface RunOwnership {
  /** Resolves true once this tab owns the runs, false when it never will (the thread was left). */
  acquire(): Promise<boolean>;
  /** No run is left: another tab may own the next one. */
  release(): void;
}

/** A request with nothing of its own: runs queued like that together are one run. */
const isPlain = (request: RunRequest) => !request.resume && !request.toolCallIds && !request.forwardedProps && !request.resumeRun;

/**
 * The runs of one thread, one after another: each request (with its follow-ups) starts when the
 * one before has ended and this tab owns the thread's runs.
 */
export class RunQueue {
  private queue: Promise<void> = Promise.resolve();
  /** A plain run queued but not yet started: later requests for one share it. */
  private queuedRun: Promise<void> | null = null;
  /** Runs queued or going on: the ownership is let go when none is left. */
  private chains = 0;
  /** Who owns the thread's runs across tabs; null: this tab alone (no storage, or no Web Locks). */
  ownership: RunOwnership | null = null;

  /** `run` runs a request and its follow-ups, and never rejects. */
  constructor(private readonly run: (request: RunRequest) => Promise<void>) {}

  /** A run is queued or going on here. */
  get pending(): boolean {
    return this.chains > 0;
  }

  /** Queues a run; plain runs queued together share one. */
  enqueue(request: RunRequest): Promise<void> {
    const plain = isPlain(request);
    if (plain && this.queuedRun) return this.queuedRun;
    this.chains++;
    const chain = this.queue.then(() => {
      if (plain) this.queuedRun = null;
      return this.runChain(request);
    });
    if (plain) this.queuedRun = chain;
    this.queue = chain;
    return chain;
  }

  /** Runs wait for this first (the thread being read from storage). */
  waitFor(ready: Promise<unknown>): void {
    this.queue = this.queue.then(
      () => ready.then(() => undefined),
      () => undefined,
    );
  }

  private async runChain(request: RunRequest): Promise<void> {
    try {
      // Another tab may own the thread's runs: this one waits for them to end (or for that tab to go).
      if (this.ownership && !(await this.ownership.acquire())) return;
      await this.run(request);
    } finally {
      if (--this.chains === 0) this.ownership?.release();
    }
  }
}

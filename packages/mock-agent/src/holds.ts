import type { EventStep, Hold, HoldAt } from "./types.js";

/** The holds a mock agent's streams check after each event they write. */
export class Holds {
  private readonly pending = new Set<{ at: HoldAt; take(signal: AbortSignal): Promise<void> }>();

  /** A hold on the next stream that writes the event `at` describes (one stream, once). */
  add(at: HoldAt): Hold {
    let reach!: () => void;
    const reached = new Promise<void>((resolve) => {
      reach = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let waiting = false;
    let done = false;
    const entry = {
      at,
      take: async (signal: AbortSignal) => {
        this.pending.delete(entry);
        waiting = true;
        reach();
        // The run's abort (its client gone, a stop, the server closing) ends the wait too.
        await Promise.race([
          released,
          new Promise<void>((resolve) => {
            if (signal.aborted) resolve();
            else signal.addEventListener("abort", () => resolve(), { once: true });
          }),
        ]);
        waiting = false;
      },
    };
    this.pending.add(entry);
    return {
      reached,
      get waiting() {
        return waiting;
      },
      release: () => {
        if (done) return;
        done = true;
        this.pending.delete(entry);
        release();
      },
    };
  }

  /** A counter for one stream: call it after each event written; it resolves when the stream may go on. */
  stream(path: string): (event: EventStep, signal: AbortSignal) => Promise<void> | undefined {
    const seen = new Map<string, number>();
    let index = 0;
    return (event, signal) => {
      const count = (seen.get(event.type) ?? 0) + 1;
      seen.set(event.type, count);
      const at = index++;
      for (const hold of this.pending) {
        const matches =
          typeof hold.at === "function"
            ? hold.at(event, at, path)
            : hold.at.type === event.type && (hold.at.count ?? 1) === count && (hold.at.path === undefined || hold.at.path === path);
        if (!matches) continue;
        return hold.take(signal);
      }
      return undefined;
    };
  }

  /** Drops the holds no stream has reached (the server closes; its runs are aborted). */
  clear(): void {
    this.pending.clear();
  }
}

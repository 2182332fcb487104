import type { BaseEvent, RunAgentInput } from "@ag-ui/core";

/**
 * How many entries a client's event log keeps by default: none. A kept event is cheap to write
 * but holds memory (the validated copy of a 1,000-message history snapshot alone is about 1.5 MB
 * of heap in the shared headless bench at H=1000), so an app turns the log on where an inspector or a
 * recorder may start late: `eventLog` (e.g. 20,000), as the playground does.
 */
export const DEFAULT_EVENT_LOG_SIZE = 0;

/** One thing the log saw: a request going out, or an event coming in, at `at` ms (`performance.now()`). */
export type EventLogEntry = { kind: "run"; at: number; input: RunAgentInput } | { kind: "event"; at: number; event: BaseEvent };

/** Where the log hears about requests and events (an `AgentClient`). */
interface Source {
  onRun(listener: (input: RunAgentInput) => void): () => void;
  onEvent(listener: (event: BaseEvent) => void): () => void;
}

const clock = () => (typeof performance === "undefined" ? Date.now() : performance.now());

/**
 * A client's traffic from its start: a ring buffer of the last `capacity` requests and events
 * (by reference: the reducer never changes them), so a recorder or an inspector that starts late
 * still sees every run. Keeping an entry is one array write; with `capacity` 0 nothing is kept and
 * subscribers still hear what comes next.
 */
export class EventLog {
  /** Entries pushed out of the buffer since the start (the oldest first). */
  dropped = 0;
  private readonly ring: EventLogEntry[] = [];
  private next = 0;
  private readonly listeners = new Set<(entry: EventLogEntry) => void>();

  constructor(
    source: Source,
    readonly capacity = DEFAULT_EVENT_LOG_SIZE,
  ) {
    if (!Number.isInteger(capacity) || capacity < 0) throw new RangeError(`eventLog must be a whole number ≥ 0, got ${capacity}`);
    // Off (size 0, nobody listening): an event costs one comparison.
    source.onRun((input) => this.kept() && this.append({ kind: "run", at: clock(), input }));
    source.onEvent((event) => this.kept() && this.append({ kind: "event", at: clock(), event }));
  }

  /** The kept entries, oldest first (a new array). */
  entries(): EventLogEntry[] {
    return this.ring.length < this.capacity ? [...this.ring] : [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
  }

  /** Called with each new entry; returns an unsubscribe function. */
  subscribe(listener: (entry: EventLogEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private kept(): boolean {
    return this.capacity > 0 || this.listeners.size > 0;
  }

  private append(entry: EventLogEntry): void {
    if (this.capacity > 0) {
      if (this.ring.length < this.capacity) this.ring.push(entry);
      else {
        this.ring[this.next] = entry;
        this.next = (this.next + 1) % this.capacity;
        this.dropped++;
      }
    }
    for (const listener of this.listeners) listener(entry);
  }
}

/**
 * A ring buffer of the last `capacity` entries, with listeners for the next ones: how a client
 * keeps its event log (`client.log`) and its diagnostics (`client.diagnostics`) from its start,
 * so a recorder or an inspector that starts late still sees them. Keeping an entry is one array
 * write; with `capacity` 0 nothing is kept and listeners still hear what comes next.
 */
export class BoundedLog<T> {
  /** Entries pushed out of the buffer since the start (the oldest first). */
  dropped = 0;
  private readonly ring: T[] = [];
  /** The slot the next entry goes in: past the newest, on the oldest once the ring is full. */
  private next = 0;
  private readonly listeners = new Set<(entry: T) => void>();

  /** `option` names the client option that set `capacity`, for the error a bad size gets. */
  constructor(
    readonly capacity = 0,
    option = "eventLog",
  ) {
    if (!Number.isInteger(capacity) || capacity < 0) throw new RangeError(`${option} must be a whole number ≥ 0, got ${capacity}`);
  }

  /** The kept entries, oldest first (a new array): from the next slot to write, round to the last written. */
  entries(): T[] {
    return [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
  }

  /** Called with each new entry; returns an unsubscribe function. */
  subscribe(listener: (entry: T) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether an entry would go anywhere (kept, or heard): when false, making one is wasted work. */
  kept(): boolean {
    return this.capacity > 0 || this.listeners.size > 0;
  }

  /** Keeps `entry` (pushing out the oldest when full) and tells the listeners. */
  append(entry: T): void {
    if (this.capacity > 0) {
      if (this.ring.length === this.capacity) this.dropped++;
      this.ring[this.next] = entry;
      this.next = (this.next + 1) % this.capacity;
    }
    for (const listener of this.listeners) listener(entry);
  }
}

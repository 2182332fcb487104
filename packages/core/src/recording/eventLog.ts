import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { BoundedLog } from "../util/boundedLog.js";

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

/** Milliseconds on the clock every log of a client shares (`performance.now()` where there is one). */
export const clock = () => (typeof performance === "undefined" ? Date.now() : performance.now());

/**
 * A client's traffic from its start: the last `capacity` requests and events (by reference: the
 * reducer never changes them), so a recorder or an inspector that starts late still sees every
 * run. Off (size 0, nobody listening), an event costs one comparison.
 */
export class EventLog extends BoundedLog<EventLogEntry> {
  constructor(source: Source, capacity = DEFAULT_EVENT_LOG_SIZE) {
    super(capacity);
    source.onRun((input) => this.kept() && this.append({ kind: "run", at: clock(), input }));
    source.onEvent((event) => this.kept() && this.append({ kind: "event", at: clock(), event }));
  }
}

import { type BaseEvent, useAgentEvent, useAgentState } from "@tandem/react";
import { useEffect, useId, useMemo, useRef, useState } from "react";

interface Logged {
  /** Arrival order, unique for the page's life: the row's key. */
  seq: number;
  at: number;
  event: BaseEvent;
}

const CAP = 2000;
let seq = 0;

/** Every event of this thread (type, time, payload), filterable by type, and the state as JSON. */
export function EventInspector() {
  const [events, setEvents] = useState<Logged[]>([]);
  const [filter, setFilter] = useState("");
  const [state] = useAgentState();
  const id = useId();
  const pending = useRef<Logged[]>([]);
  const frame = useRef(0);

  useAgentEvent((event) => {
    pending.current.push({ seq: ++seq, at: Date.now(), event });
    // Batch a frame's worth of events into one update: a token stream is hundreds of them.
    frame.current ||= requestAnimationFrame(() => {
      frame.current = 0;
      const batch = pending.current;
      pending.current = [];
      setEvents((list) => [...list, ...batch].slice(-CAP));
    });
  });
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const types = useMemo(() => [...new Set(events.map((e) => e.event.type))].sort(), [events]);
  const shown = filter ? events.filter((e) => e.event.type === filter) : events;

  return (
    <section className="pg-inspector" data-testid="event-inspector" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Events</h2>
      <label htmlFor={`${id}-filter`}>Filter by type</label>
      <select id={`${id}-filter`} value={filter} onChange={(e) => setFilter(e.target.value)}>
        <option value="">All ({events.length})</option>
        {types.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      <ol className="pg-inspector__events">
        {shown.map(({ seq, at, event }) => (
          <li key={seq} data-event-type={event.type}>
            <details>
              <summary>
                <time dateTime={new Date(at).toISOString()}>{new Date(at).toLocaleTimeString()}</time> <code>{event.type}</code>
              </summary>
              <pre>{JSON.stringify(event, null, 2)}</pre>
            </details>
          </li>
        ))}
      </ol>
      <h3>State</h3>
      <pre data-testid="inspector-state">{JSON.stringify(state, null, 2)}</pre>
    </section>
  );
}

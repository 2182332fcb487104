import {
  type AgentClient,
  type RecordOptions,
  recordThread,
  type ThreadRecorder,
  useAgentClient,
  useAgentState,
  useLatest,
} from "@tandem/react";
import { memo, useEffect, useId, useMemo, useState } from "react";
import { DiagnosticsLane } from "./DiagnosticsLane.js";
import { InspectorView, type Row, RowFilter, type RunView } from "./inspectorView.js";
import { Payload } from "./Payload.js";
import { showValue } from "./showValue.js";
import type { StateChange } from "./stateDiff.js";

/** Props of `<AgentInspector>`: redaction, the export's file name, theme, class and how many events to list. */
export interface AgentInspectorProps {
  /** Takes secrets out of each recorded request (the exported recording and the requests shown). */
  redact?: RecordOptions["redact"];
  /** The exported file's name (default `tandem-recording-<time>.json`). */
  fileName?: string;
  /** Light, dark, or the OS's (default "system"), like `<Chat theme>`. */
  theme?: "light" | "dark" | "system";
  className?: string;
  /** The most events listed at once (the newest); default 2000. The recording keeps all. */
  maxEvents?: number;
}

const short = (value: unknown) => {
  const text = showValue(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

/** Live view of the client's recorder (its runs and diagnostics): re-reads it at most once per animation frame. */
function useRecorder(client: AgentClient, redact: RecordOptions["redact"]): ThreadRecorder | null {
  const [recorder, setRecorder] = useState<ThreadRecorder | null>(null);
  const [, setVersion] = useState(0);
  // Read at each request: a new function each render must not restart the recording.
  const redactRef = useLatest(redact);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `redactRef` is a ref (useLatest); only a new client restarts the recording.
  useEffect(() => {
    const next = recordThread(client, { redact: (input) => redactRef.current?.(input) ?? input });
    setRecorder(next);
    let frame = 0;
    const off = next.subscribe(() => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        setVersion((v) => v + 1);
      });
    });
    return () => {
      off();
      next.stop();
      cancelAnimationFrame(frame);
    };
  }, [client]);
  return recorder;
}

const Timeline = memo(function Timeline({ view: v, index }: { view: RunView; index: number }) {
  const at = (t: number) => `${Math.min(100, (t / v.duration) * 100)}%`;
  const headingId = useId();
  return (
    <article className="tandem-inspector__run" aria-labelledby={headingId} data-testid="inspector-run">
      <h4 id={headingId}>
        Run {index + 1}: <code>{v.run.protocol}</code> <code>{v.run.path}</code>, {v.events} events, {v.duration} ms
        {v.errors.length > 0 && <span className="tandem-inspector__error-tag"> (error)</span>}
      </h4>
      <div className="tandem-inspector__axis" aria-hidden="true">
        {v.marks.map((m) => (
          <span
            key={`${m.kind}-${m.t}`}
            className="tandem-inspector__mark"
            data-mark-type={m.type}
            data-kind={m.kind}
            style={{ left: at(m.t) }}
            title={`${m.type} +${m.t} ms${m.count > 1 ? ` (and ${m.count - 1} more near it)` : ""}`}
          />
        ))}
        {v.calls.map((c) => (
          <span
            key={c.id}
            className="tandem-inspector__link"
            style={{ left: at(c.start), width: `calc(${at((c.result ?? c.end ?? c.start) - c.start)} + 2px)` }}
            title={`${c.name}: call to ${c.result !== undefined ? "result" : "end"}`}
          />
        ))}
      </div>
      {(v.calls.length > 0 || v.errors.length > 0) && (
        <ul className="tandem-inspector__facts">
          {v.calls.map((c) => (
            <li key={c.id}>
              Tool call <code>{c.name}</code> at +{c.start} ms →{" "}
              {c.result !== undefined
                ? `result at +${c.result} ms`
                : c.answeredBy !== undefined
                  ? `result sent by run ${c.answeredBy}`
                  : "no result"}
            </li>
          ))}
          {v.errors.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: errors only grow at the end
            <li key={i} className="tandem-inspector__error">
              Error at +{e.t} ms: {e.message}
            </li>
          ))}
        </ul>
      )}
      <details className="tandem-inspector__request">
        <summary>Request sent</summary>
        <Payload label={`Request of run ${index + 1}`} value={v.run.input} />
      </details>
    </article>
  );
});

function Changes({ changes }: { changes: StateChange[] }) {
  if (changes.length === 0) return <p>No change to the state.</p>;
  return (
    <table className="tandem-inspector__diff">
      <caption>State changes</caption>
      <thead>
        <tr>
          <th scope="col">Path</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.path}>
            <td>
              <code>{c.path}</code>
            </td>
            <td>{short(c.before)}</td>
            <td>{short(c.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One listed event; rows never change, so each is drawn once. */
const EventRow = memo(function EventRow({ row: { run, t, event, changes } }: { row: Row }) {
  return (
    <li data-event-type={event.type} data-error={/ERROR/.test(event.type) || undefined}>
      <details>
        <summary>
          <span className="tandem-inspector__when">
            run {run + 1} +{t} ms
          </span>{" "}
          <code>{event.type}</code>
          {changes && ` (${changes.length} ${changes.length === 1 ? "change" : "changes"})`}
        </summary>
        {changes && <Changes changes={changes} />}
        <Payload label={`${event.type}, run ${run + 1} +${t} ms`} value={event} />
      </details>
    </li>
  );
});

const ENDED = { finished: "finished", error: "ended with an error", stopped: "was stopped" } as const;

/**
 * Devtools for a thread: drop it inside an `AgentProvider`. It shows the thread from the client's
 * start, however late it mounts (the client's bounded event log, see `recordThread`): the runs on a
 * time axis (tool calls linked to their results, errors marked), the events with a type filter and
 * search (payloads collapsible, each state event with its diff), the Diagnostics lane (what the kit
 * refused, repaired or stripped, where the client keeps `diagnostics`), the state, and "Export
 * recording" (with the diagnostics).
 * Each frame reads only the new events; a screen reader hears one announcement per run.
 */
export function AgentInspector({ redact, fileName, theme = "system", className, maxEvents = 2000 }: AgentInspectorProps) {
  const client = useAgentClient();
  const recorder = useRecorder(client, redact);
  const [state] = useAgentState();
  const [filter, setFilter] = useState("");
  const [search, setSearch] = useState("");
  const id = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new recorder (a new client) starts a new view
  const view = useMemo(() => new InspectorView(), [recorder]);
  if (recorder) view.update(recorder.runs);
  const needle = search.trim().toLowerCase();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new view starts a new filter
  const rowFilter = useMemo(() => new RowFilter(filter, needle), [view, filter, needle]);
  const matched = rowFilter.update(view.rows);
  const shown = matched.length > maxEvents ? matched.slice(-maxEvents) : matched;
  const ended = view.lastEnded;

  const [exportError, setExportError] = useState<string | null>(null);
  const exportRecording = () => {
    if (!recorder) return;
    const text = showValue(recorder.recording(), 2);
    setExportError(text.startsWith("[cannot be shown") ? `The recording could not be exported: ${text}` : null);
    const blob = new Blob([text], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = fileName ?? `tandem-recording-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <section
      className={`tandem tandem-inspector${className ? ` ${className}` : ""}`}
      data-theme={theme}
      data-testid="event-inspector"
      aria-labelledby={`${id}-title`}
    >
      <div className="tandem-inspector__header">
        <h2 id={`${id}-title`}>Inspector</h2>
        <button type="button" className="tandem-inspector__export" onClick={exportRecording}>
          Export recording
        </button>
      </div>
      {exportError && <p role="alert">{exportError}</p>}
      <p className="tandem-visually-hidden" role="status">
        {ended && `Run ${ended.index + 1} ${ENDED[ended.how]}: ${ended.events} events.`}
      </p>

      <h3>Runs</h3>
      {view.runs.length === 0 ? (
        <p className="tandem-inspector__empty">No runs yet.</p>
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: runs only grow at the end
        view.runs.map((v, i) => <Timeline key={i} view={v} index={i} />)
      )}

      <h3 id={`${id}-events`}>Events</h3>
      <div className="tandem-inspector__controls">
        <label htmlFor={`${id}-filter`}>Filter by type</label>
        <select id={`${id}-filter`} value={filter} onChange={(e) => setFilter(e.target.value)}>
          <option value="">All ({view.rows.length})</option>
          {view.types.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-search`}>Search events</label>
        <input id={`${id}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <p className="tandem-inspector__count" data-testid="inspector-count">
        {shown.length} of {view.rows.length} events shown
      </p>
      <ol className="tandem-inspector__events" aria-labelledby={`${id}-events`}>
        {shown.map((row) => (
          <EventRow key={row.key} row={row} />
        ))}
      </ol>

      <DiagnosticsLane
        diagnostics={recorder?.diagnostics ?? []}
        runs={recorder?.runs ?? []}
        on={client.diagnostics.capacity > 0}
        max={maxEvents}
      />

      <h3 id={`${id}-state`}>State</h3>
      <Payload label="State" value={state} testId="inspector-state" />
    </section>
  );
}

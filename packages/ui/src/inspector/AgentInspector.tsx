import {
  type RecordedRun,
  type RecordOptions,
  recordThread,
  type ThreadRecorder,
  useAgentClient,
  useAgentState,
  useLatest,
} from "@tandem/react";
import { useEffect, useId, useMemo, useState } from "react";
import { applyPatch, diffState, type StateChange } from "./stateDiff.js";

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

interface Row {
  key: string;
  run: number;
  t: number;
  event: { type: string; [key: string]: unknown };
  changes?: StateChange[];
}

interface RunView {
  run: RecordedRun;
  duration: number;
  calls: Array<{ id: string; name: string; start: number; end?: number; result?: number }>;
  errors: Array<{ t: number; message: string }>;
}

const json = (value: unknown) => JSON.stringify(value, null, 2) ?? "undefined";
const short = (value: unknown) => {
  const text = JSON.stringify(value) ?? "—";
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

/** Live view of the recorder: re-reads it at most once per animation frame. */
function useRecorder(redact: RecordOptions["redact"]): ThreadRecorder | null {
  const client = useAgentClient();
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

function view(runs: readonly RecordedRun[]): { rows: Row[]; runs: RunView[] } {
  const rows: Row[] = [];
  const views = runs.map((run, r): RunView => {
    let state: unknown = run.input.state;
    const calls: RunView["calls"] = [];
    const errors: RunView["errors"] = [];
    run.events.forEach(({ t, event }, i) => {
      const e = event as Row["event"];
      let changes: StateChange[] | undefined;
      if (e.type === "STATE_SNAPSHOT" || e.type === "STATE_DELTA") {
        const next = e.type === "STATE_SNAPSHOT" ? e.snapshot : applyPatch(state, e.delta);
        changes = diffState(state, next);
        state = next;
      }
      if (e.type === "TOOL_CALL_START") calls.push({ id: String(e.toolCallId), name: String(e.toolCallName), start: t });
      const call = calls.find((c) => c.id === e.toolCallId);
      if (call && e.type === "TOOL_CALL_END") call.end = t;
      if (call && e.type === "TOOL_CALL_RESULT") call.result = t;
      if (e.type === "RUN_ERROR") errors.push({ t, message: String(e.message ?? "error") });
      rows.push({ key: `${r}-${i}`, run: r, t, event: e, ...(changes && { changes }) });
    });
    return { run, duration: Math.max(1, run.events.at(-1)?.t ?? 0), calls, errors };
  });
  // A call answered by the next run (a frontend tool) is linked to the result that run sent.
  views.forEach((v, r) => {
    for (const call of v.calls) {
      if (call.result !== undefined) continue;
      const answered = runs
        .slice(r + 1)
        .findIndex((next) => next.input.messages.some((m) => m.role === "tool" && m.toolCallId === call.id));
      if (answered >= 0) (call as { answeredBy?: number }).answeredBy = r + 2 + answered;
    }
  });
  return { rows, runs: views };
}

function Timeline({ view: v, index }: { view: RunView; index: number }) {
  const at = (t: number) => `${Math.min(100, (t / v.duration) * 100)}%`;
  const headingId = useId();
  return (
    <article className="tandem-inspector__run" aria-labelledby={headingId} data-testid="inspector-run">
      <h4 id={headingId}>
        Run {index + 1}: <code>{v.run.protocol}</code> <code>{v.run.path}</code>, {v.run.events.length} events, {v.duration} ms
        {v.errors.length > 0 && <span className="tandem-inspector__error-tag"> (error)</span>}
      </h4>
      <div className="tandem-inspector__axis" aria-hidden="true">
        {v.run.events.map(({ t, event }, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: marks are positional and never reordered
            key={i}
            className="tandem-inspector__mark"
            data-mark-type={event.type}
            data-kind={
              /ERROR/.test(event.type) ? "error" : /TOOL_CALL/.test(event.type) ? "tool" : /STATE/.test(event.type) ? "state" : "event"
            }
            style={{ left: at(t) }}
            title={`${event.type} +${t} ms`}
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
          {v.calls.map((c) => {
            const answeredBy = (c as { answeredBy?: number }).answeredBy;
            return (
              <li key={c.id}>
                Tool call <code>{c.name}</code> at +{c.start} ms →{" "}
                {c.result !== undefined
                  ? `result at +${c.result} ms`
                  : answeredBy !== undefined
                    ? `result sent by run ${answeredBy}`
                    : "no result"}
              </li>
            );
          })}
          {v.errors.map((e) => (
            <li key={e.t} className="tandem-inspector__error">
              Error at +{e.t} ms: {e.message}
            </li>
          ))}
        </ul>
      )}
      <details className="tandem-inspector__request">
        <summary>Request sent</summary>
        <pre>{json(v.run.input)}</pre>
      </details>
    </article>
  );
}

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

/**
 * Devtools for a thread: drop it inside an `AgentProvider`. It records the thread from when it
 * mounts (each run's request and events, see `recordThread`) and shows the runs on a time axis
 * (tool calls linked to their results, errors marked), the events with a type filter and search
 * (payloads collapsible, each state event with its diff), the state, and "Export recording".
 */
export function AgentInspector({ redact, fileName, theme = "system", className, maxEvents = 2000 }: AgentInspectorProps) {
  const recorder = useRecorder(redact);
  const [state] = useAgentState();
  const [filter, setFilter] = useState("");
  const [search, setSearch] = useState("");
  const id = useId();
  const runs = recorder?.runs ?? [];
  const eventCount = runs.reduce((n, r) => n + r.events.length, 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the runs grow in place; their sizes say when
  const { rows, runs: views } = useMemo(() => view(runs), [runs, runs.length, eventCount]);
  const types = useMemo(() => [...new Set(rows.map((r) => r.event.type))].sort(), [rows]);
  const needle = search.trim().toLowerCase();
  const shown = rows
    .filter((r) => (!filter || r.event.type === filter) && (!needle || JSON.stringify(r.event).toLowerCase().includes(needle)))
    .slice(-maxEvents);

  const exportRecording = () => {
    if (!recorder) return;
    const blob = new Blob([JSON.stringify(recorder.recording(), null, 2)], { type: "application/json" });
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

      <h3>Runs</h3>
      {views.length === 0 ? (
        <p className="tandem-inspector__empty">No runs yet.</p>
      ) : (
        views.map((v, i) => <Timeline key={v.run.input.runId} view={v} index={i} />)
      )}

      <h3 id={`${id}-events`}>Events</h3>
      <div className="tandem-inspector__controls">
        <label htmlFor={`${id}-filter`}>Filter by type</label>
        <select id={`${id}-filter`} value={filter} onChange={(e) => setFilter(e.target.value)}>
          <option value="">All ({rows.length})</option>
          {types.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-search`}>Search events</label>
        <input id={`${id}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <p className="tandem-inspector__count" role="status">
        {shown.length} of {rows.length} events shown
      </p>
      <ol className="tandem-inspector__events" aria-labelledby={`${id}-events`}>
        {shown.map(({ key, run, t, event, changes }) => (
          <li key={key} data-event-type={event.type} data-error={/ERROR/.test(event.type) || undefined}>
            <details>
              <summary>
                <span className="tandem-inspector__when">
                  run {run + 1} +{t} ms
                </span>{" "}
                <code>{event.type}</code>
                {changes && ` (${changes.length} ${changes.length === 1 ? "change" : "changes"})`}
              </summary>
              {changes && <Changes changes={changes} />}
              <pre>{json(event)}</pre>
            </details>
          </li>
        ))}
      </ol>

      <h3 id={`${id}-state`}>State</h3>
      <pre data-testid="inspector-state">{json(state)}</pre>
    </section>
  );
}

import { applyPatch, type RecordedRun } from "@tandem/react";
import { showValue } from "./showValue.js";
import { diffState, type StateChange } from "./stateDiff.js";

/** An event as the inspector reads it: from an agent, so any shape. */
export type InspectedEvent = { type: string; [key: string]: unknown };

/** One listed event. Rows never change once made. */
export interface Row {
  key: string;
  run: number;
  t: number;
  event: InspectedEvent;
  changes?: StateChange[];
}

export type MarkKind = "error" | "tool" | "state" | "event";

/** The first event of a kind in a slice of the run's time axis, and how many there were. */
export interface Mark {
  kind: MarkKind;
  type: string;
  t: number;
  count: number;
}

export interface CallView {
  id: string;
  name: string;
  start: number;
  end?: number;
  result?: number;
  /** The run (1-based) whose request carried this call's result (a frontend tool). */
  answeredBy?: number;
}

/** A run as drawn: a new object whenever it changed, so an unchanged run is not drawn again. */
export interface RunView {
  run: RecordedRun;
  events: number;
  duration: number;
  /** At most `SLICES` per kind, however many events the run has. */
  marks: Mark[];
  calls: CallView[];
  errors: Array<{ t: number; message: string }>;
  /** How the run ended, once it has. */
  ended?: "finished" | "error" | "stopped";
}

/** Slices of a run's time axis; each slice draws at most one mark per kind. */
const SLICES = 100;

const kindOf = (type: string): MarkKind =>
  /ERROR/.test(type) ? "error" : /TOOL_CALL/.test(type) ? "tool" : /STATE/.test(type) ? "state" : "event";

function addMark(slices: Array<Partial<Record<MarkKind, Mark>>>, index: number, mark: Mark): void {
  const slice = slices[index] ?? {};
  slices[index] = slice;
  const had = slice[mark.kind];
  slice[mark.kind] = had ? { ...had, count: had.count + mark.count } : mark;
}

/** A run being read: its state so far, its calls by id, its marks in slices that widen as it grows. */
class RunReader {
  state: unknown;
  read = 0;
  width = 1;
  slices: Array<Partial<Record<MarkKind, Mark>>> = [];
  calls = new Map<string, CallView>();
  errors: RunView["errors"] = [];
  view: RunView;

  constructor(readonly run: RecordedRun) {
    this.state = run.input.state;
    this.view = { run, events: 0, duration: 1, marks: [], calls: [], errors: [] };
  }

  mark(kind: MarkKind, type: string, t: number): void {
    while (t >= SLICES * this.width) {
      // Twice as wide: each pair of slices becomes one, keeping each kind's first mark and the count.
      const merged: RunReader["slices"] = [];
      this.slices.forEach((slice, i) => {
        for (const mark of Object.values(slice)) addMark(merged, i >> 1, mark);
      });
      this.slices = merged;
      this.width *= 2;
    }
    addMark(this.slices, Math.floor(t / this.width), { kind, type, t, count: 1 });
  }

  snapshot(ended?: RunView["ended"]): RunView {
    const events = this.run.events;
    this.view = {
      run: this.run,
      events: events.length,
      duration: Math.max(1, events.at(-1)?.t ?? 0),
      marks: this.slices.flatMap((slice) => (slice ? Object.values(slice) : [])),
      calls: [...this.calls.values()],
      errors: [...this.errors],
      ...((ended ?? this.view.ended) && { ended: ended ?? this.view.ended }),
    };
    return this.view;
  }
}

/**
 * What the inspector shows, kept up to date incrementally: `update` reads only the events recorded
 * since its last call, so a frame's work does not grow with the number of events.
 */
export class InspectorView {
  readonly rows: Row[] = [];
  runs: RunView[] = [];
  /** Every event type seen, sorted. */
  types: string[] = [];
  /** The latest run that ended, for the one announcement per run. */
  lastEnded: { index: number; events: number; how: NonNullable<RunView["ended"]> } | null = null;
  private readers: RunReader[] = [];
  /** Calls of earlier runs still waiting for a result, by id. */
  private unanswered = new Map<string, RunReader>();

  /** Reads what was recorded since the last call; true when anything changed. */
  update(runs: readonly RecordedRun[]): boolean {
    let changed = false;
    for (let r = 0; r < runs.length; r++) {
      let reader = this.readers[r];
      if (!reader) {
        reader = new RunReader(runs[r]!);
        this.readers.push(reader);
        this.startRun(r, reader);
        changed = true;
      }
      if (reader.read === reader.run.events.length && reader.view.events === reader.read && reader.view.ended) continue;
      const ended = this.readEvents(r, reader) ?? (r < runs.length - 1 && !reader.view.ended ? "stopped" : undefined);
      if (reader.read !== reader.view.events || ended) {
        this.runs[r] = reader.snapshot(ended);
        if (ended) this.lastEnded = { index: r, events: reader.read, how: ended };
        changed = true;
      }
    }
    if (changed) this.runs = [...this.runs];
    return changed;
  }

  private startRun(r: number, reader: RunReader): void {
    this.runs[r] = reader.view;
    // A call answered by this run's request (a frontend tool) is linked to it.
    for (const message of reader.run.input.messages) {
      if (message.role !== "tool") continue;
      const waiting = this.unanswered.get(message.toolCallId);
      const call = waiting?.calls.get(message.toolCallId);
      if (!waiting || !call) continue;
      waiting.calls.set(call.id, { ...call, answeredBy: r + 1 });
      this.unanswered.delete(call.id);
      this.runs[this.readers.indexOf(waiting)] = waiting.snapshot();
    }
  }

  /** Reads a run's new events; returns how the run ended if one of them ended it. */
  private readEvents(r: number, reader: RunReader): RunView["ended"] {
    let ended: RunView["ended"];
    const events = reader.run.events;
    for (; reader.read < events.length; reader.read++) {
      const { t, event } = events[reader.read]!;
      const e = event as InspectedEvent;
      const type = typeof e.type === "string" ? e.type : showValue(e.type);
      let changes: StateChange[] | undefined;
      if (type === "STATE_SNAPSHOT" || type === "STATE_DELTA") {
        const patched = type === "STATE_DELTA" ? applyPatch(reader.state, e.delta as Parameters<typeof applyPatch>[1]) : null;
        const next = type === "STATE_SNAPSHOT" ? e.snapshot : patched?.ok ? patched.value : reader.state;
        changes = diffState(reader.state, next);
        reader.state = next;
      }
      const id = String(e.toolCallId);
      if (type === "TOOL_CALL_START") {
        const call = { id, name: String(e.toolCallName), start: t };
        reader.calls.set(id, call);
        this.unanswered.set(id, reader);
      }
      const call = reader.calls.get(id);
      if (call && type === "TOOL_CALL_END") reader.calls.set(id, { ...call, end: t });
      if (call && type === "TOOL_CALL_RESULT") {
        reader.calls.set(id, { ...call, result: t });
        this.unanswered.delete(id);
      }
      if (type === "RUN_ERROR") {
        reader.errors.push({ t, message: String(e.message ?? "error") });
        ended = "error";
      }
      if (type === "RUN_FINISHED") ended = "finished";
      reader.mark(kindOf(type), type, t);
      if (!this.types.includes(type)) this.types = [...this.types, type].sort();
      this.rows.push({ key: `${r}-${reader.read}`, run: r, t, event: type === e.type ? e : { ...e, type }, ...(changes && { changes }) });
    }
    return ended;
  }
}

/** The rows that pass a type filter and a search, kept up to date like `InspectorView`: each update reads only new rows. */
export class RowFilter {
  readonly matched: Row[] = [];
  private read = 0;
  private static texts = new WeakMap<Row, string>();

  constructor(
    readonly type: string,
    readonly needle: string,
  ) {}

  update(rows: readonly Row[]): Row[] {
    for (; this.read < rows.length; this.read++) {
      const row = rows[this.read]!;
      if (this.type && row.event.type !== this.type) continue;
      if (this.needle && !RowFilter.text(row).includes(this.needle)) continue;
      this.matched.push(row);
    }
    return this.matched;
  }

  private static text(row: Row): string {
    let text = RowFilter.texts.get(row);
    if (text === undefined) {
      text = showValue(row.event).toLowerCase();
      RowFilter.texts.set(row, text);
    }
    return text;
  }
}

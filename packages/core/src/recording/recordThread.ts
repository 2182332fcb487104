import type { RunAgentInput } from "@ag-ui/core";
import type { Diagnostic } from "../diagnostics/types.js";
import type { AgentClient } from "../run/agentClient.js";
import { pathOf } from "./endpoint.js";
import type { EventLogEntry } from "./eventLog.js";
import { RECORDING_VERSION, type RecordedRun, type Recording } from "./types.js";

/** Options for `recordThread`. */
export interface RecordOptions {
  /**
   * Called with each request before it is kept: return it with secrets taken out (the input is a
   * copy, edit it freely). Headers are never recorded.
   */
  redact?: (input: RunAgentInput) => RunAgentInput;
}

/** What `recordThread` returns: the captured runs, and a way to stop. */
export interface ThreadRecorder {
  /** Stops listening; `recording()` keeps what was captured. */
  stop(): void;
  /** What was captured so far, as a fresh JSON-ready object. */
  recording(): Recording;
  /** The captured runs as they grow (no copy: read, never change them). */
  readonly runs: readonly RecordedRun[];
  /** The client's diagnostics from its start (what `client.diagnostics` still holds) and on, as they grow. */
  readonly diagnostics: readonly Diagnostic[];
  /** Called after each captured request, event and diagnostic; returns an unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** A copy the recording owns; a value structured cloning refuses (a function from a custom transport) is kept as it is. */
function own<T>(value: T): T {
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}

/**
 * Records a thread's traffic from the client's start (what `client.log` still holds, see the
 * client's `eventLog` option) and on: each run's request (`RunAgentInput`, after `redact`), the
 * path it was sent to, and its events with their time since the request went out; and, where the
 * client keeps them (`diagnostics` option), its diagnostics.
 * `JSON.stringify(recorder.recording())` is a file `tandem-mock --replay` serves.
 */
export function recordThread(client: AgentClient, options: RecordOptions = {}): ThreadRecorder {
  const recordedAt = new Date().toISOString();
  const runs: RecordedRun[] = [];
  const listeners = new Set<() => void>();
  let started = 0;
  const take = (entry: EventLogEntry) => {
    if (entry.kind === "run") {
      const endpoint = client.endpoint;
      const copy = own(entry.input);
      started = entry.at;
      runs.push({
        protocol: endpoint.protocol,
        path: pathOf(endpoint.url),
        input: options.redact ? options.redact(copy) : copy,
        events: [],
      });
      return;
    }
    // Events whose request the bounded log no longer holds are left out with it.
    runs.at(-1)?.events.push({ t: Math.max(0, Math.round(entry.at - started)), event: own(entry.event) });
  };
  for (const entry of client.log.entries()) take(entry);
  const diagnostics = client.diagnostics.entries();
  const told = () => {
    for (const listener of listeners) listener();
  };
  const offEvents = client.log.subscribe((entry) => {
    take(entry);
    told();
  });
  const offDiagnostics = client.diagnostics.subscribe((diagnostic) => {
    diagnostics.push(diagnostic);
    told();
  });
  return {
    stop: () => {
      offEvents();
      offDiagnostics();
    },
    recording: () => ({
      version: RECORDING_VERSION,
      recordedAt,
      runs: structuredClone(runs),
      ...(client.diagnostics.capacity > 0 && { diagnostics: structuredClone(diagnostics) }),
    }),
    runs,
    diagnostics,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

import type { RunAgentInput } from "@ag-ui/core";
import type { AgentClient } from "../run/agentClient.js";
import { pathOf } from "./endpoint.js";
import { RECORDING_VERSION, type RecordedRun, type Recording } from "./types.js";

export interface RecordOptions {
  /**
   * Called with each request before it is kept: return it with secrets taken out (the input is a
   * copy, edit it freely). Headers are never recorded.
   */
  redact?: (input: RunAgentInput) => RunAgentInput;
  /** Milliseconds now; for tests. */
  now?: () => number;
}

export interface ThreadRecorder {
  /** Stops listening; `recording()` keeps what was captured. */
  stop(): void;
  /** What was captured so far, as a fresh JSON-ready object. */
  recording(): Recording;
  /** The captured runs as they grow (no copy: read, never change them). */
  readonly runs: readonly RecordedRun[];
  /** Called after each captured request and event; returns an unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/**
 * Records a thread's traffic from now on: each run's request (`RunAgentInput`, after `redact`),
 * the path it was sent to, and its events with their time since the request went out.
 * `JSON.stringify(recorder.recording())` is a file `tandem-mock --replay` serves.
 */
export function recordThread(client: AgentClient, options: RecordOptions = {}): ThreadRecorder {
  const now = options.now ?? (() => (typeof performance === "undefined" ? Date.now() : performance.now()));
  const recordedAt = new Date().toISOString();
  const runs: RecordedRun[] = [];
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  let started = 0;
  const offRun = client.onRun((input) => {
    const copy = structuredClone(input);
    const endpoint = client.endpoint;
    started = now();
    runs.push({
      protocol: endpoint.protocol,
      path: pathOf(endpoint.url),
      input: options.redact ? options.redact(copy) : copy,
      events: [],
    });
    notify();
  });
  const offEvent = client.onEvent((event) => {
    const run = runs.at(-1);
    if (!run) return;
    run.events.push({ t: Math.max(0, Math.round(now() - started)), event: structuredClone(event) });
    notify();
  });
  return {
    stop() {
      offRun();
      offEvent();
    },
    recording: () => ({ version: RECORDING_VERSION, recordedAt, runs: structuredClone(runs) }),
    runs,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

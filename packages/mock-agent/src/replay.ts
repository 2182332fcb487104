import type { Message, RunAgentInput } from "@ag-ui/core";
import { agentRuntime } from "./dialects/agentRuntime.js";
import { agentScope } from "./dialects/agentScope.js";
import { agKit } from "./dialects/agKit.js";
import { agUi } from "./dialects/agUi.js";
import type { Dialect } from "./dialects/types.js";
import type { EventStep, Reply, Script, Step } from "./types.js";

/**
 * A thread's traffic as `recordThread` (`@tandem/core`) writes it: each run's request, the path
 * it was POSTed to, and its events with their time (ms) since the request went out.
 */
export interface Recording {
  version: 1;
  recordedAt?: string;
  runs: RecordedRun[];
}

/** One recorded run: its dialect, the path it was POSTed to, its request and its timed events. */
export interface RecordedRun {
  protocol: "ag-ui" | "ag-kit" | "agent-runtime" | "agentscope" | "custom";
  path: string;
  input: RunAgentInput;
  events: Array<{ t: number; event: EventStep }>;
}

const DIALECTS: Record<RecordedRun["protocol"], Dialect> = {
  "ag-ui": agUi,
  custom: agUi,
  "ag-kit": agKit,
  "agent-runtime": agentRuntime,
  agentscope: agentScope,
};

/** Roles the client writes (the agent's own messages come from the recording, so they cannot drift). */
const CLIENT_ROLES = new Set(["user", "tool", "system", "developer"]);
/** What each dialect's request carries besides messages and tool names. */
const CARRIES_STATE = new Set(["ag-ui", "agent-runtime", "custom"]);
const CARRIES_RESUME = new Set(["ag-ui", "agent-runtime", "custom", "ag-kit"]);

/** Checks a recording's shape; throws with what is wrong. */
export function checkRecording(value: unknown): Recording {
  const r = value as Partial<Recording> | null;
  if (!r || typeof r !== "object") throw new TypeError("A recording must be a JSON object");
  if (r.version !== 1) throw new TypeError(`Unsupported recording version ${JSON.stringify(r.version)} (this mock agent reads version 1)`);
  if (!Array.isArray(r.runs)) throw new TypeError("A recording needs a runs list");
  r.runs.forEach((run, i) => {
    if (typeof run?.path !== "string" || !run.input || !Array.isArray(run.events) || !(run.protocol in DIALECTS))
      throw new TypeError(`runs[${i}] needs protocol, path, input and events`);
  });
  return r as Recording;
}

const show = (value: unknown): string => {
  if (value === undefined) return "nothing";
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
};

/** The first path where `actual` differs from `expected`, with both values, or null. */
export function firstDifference(expected: unknown, actual: unknown, path: string): string | null {
  if (Object.is(expected, actual)) return null;
  const isObj = (v: unknown) => typeof v === "object" && v !== null;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
      const found = firstDifference(expected[i], actual[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (isObj(expected) && isObj(actual) && !Array.isArray(expected) && !Array.isArray(actual)) {
    const e = expected as Record<string, unknown>;
    const a = actual as Record<string, unknown>;
    for (const key of [...new Set([...Object.keys(e), ...Object.keys(a)])].sort()) {
      const found = firstDifference(e[key], a[key], path ? `${path}.${key}` : key);
      if (found) return found;
    }
    return null;
  }
  return `${path}: expected ${show(expected)}, got ${show(actual)}`;
}

/** Text-only content compares as its text (dialects that carry text alone flatten it). */
function content(value: unknown): unknown {
  if (!Array.isArray(value)) return value ?? "";
  const parts = value as Array<{ type?: string; text?: string }>;
  return parts.every((p) => p?.type === "text") ? parts.map((p) => p.text ?? "").join("") : value;
}

function clientMessages(messages: readonly Message[], protocol: string) {
  return messages.flatMap((m, index) => {
    if (!CLIENT_ROLES.has(m.role)) return [];
    // AG-Kit's requests carry user messages and tool results only.
    if (protocol === "ag-kit" && m.role !== "user" && m.role !== "tool") return [];
    const loose = m as { role: string; content?: unknown; toolCallId?: string };
    const role = loose.role === "developer" ? "system" : loose.role;
    return [{ index, value: { role, content: content(loose.content), ...(role === "tool" && { toolCallId: loose.toolCallId }) } }];
  });
}

function resumeOf(input: RunAgentInput): unknown {
  const resume = (input as { resume?: Array<{ interruptId?: string; status?: string; payload?: unknown }> }).resume;
  return (resume ?? []).map((r) => ({ interruptId: r.interruptId, status: r.status, payload: r.payload ?? null }));
}

/**
 * How an incoming request is held against the recorded one. Compared: the messages the client
 * writes (user, system and tool results: role, content, toolCallId), the tool names offered,
 * and, where the dialect carries them, `state` and `resume`. Ignored: `threadId`, `runId`,
 * message ids, the agent's own messages (they come from the recording), `context`,
 * `forwardedProps`, headers and event timestamps.
 */
export function requestDifference(run: RecordedRun, input: RunAgentInput): string | null {
  const expected = clientMessages(run.input.messages ?? [], run.protocol);
  const actual = clientMessages(input.messages ?? [], run.protocol);
  const total = run.input.messages?.length ?? 0;
  for (let k = 0; k < Math.max(expected.length, actual.length); k++) {
    // Paths name the recorded request's messages.
    const at = expected[k]?.index ?? total + k - expected.length;
    const found = firstDifference(expected[k]?.value, actual[k]?.value, `messages[${at}]`);
    if (found) return found;
  }
  const names = (i: RunAgentInput) => (i.tools ?? []).map((t) => t.name).sort();
  const tools = firstDifference(names(run.input), names(input), "tools");
  if (tools) return tools;
  if (CARRIES_STATE.has(run.protocol)) {
    const state = firstDifference(run.input.state ?? {}, input.state ?? {}, "state");
    if (state) return state;
  }
  if (CARRIES_RESUME.has(run.protocol)) return firstDifference(resumeOf(run.input), resumeOf(input), "resume");
  return null;
}

const RUN_EVENTS = new Set(["RUN_STARTED", "RUN_FINISHED", "RUN_ERROR"]);

/** Serves a recording: each POST is matched to the next recorded run. */
export class Replay {
  readonly recording: Recording;
  /** How many runs have been served. */
  served = 0;

  constructor(
    recording: unknown,
    private readonly timing = false,
  ) {
    this.recording = checkRecording(recording);
  }

  /** The dialect that reads a request at `path`: the next run's. */
  dialect(): Dialect {
    return DIALECTS[this.recording.runs[this.served]?.protocol ?? "ag-ui"];
  }

  /** The script for one request at `path`: the recorded events, or 409 naming the first difference. */
  script(path: string): Script {
    return (input): Reply => {
      const run = this.recording.runs[this.served];
      const refuse = (error: string): Reply => ({ status: 409, body: { error: `Replay, run ${this.served + 1}: ${error}` } });
      if (!run) return refuse(`the recording has ${this.recording.runs.length} runs, all replayed; nothing left for POST ${path}`);
      if (run.path !== path) return refuse(`path: expected ${show(run.path)}, got ${show(path)}`);
      const difference = requestDifference(run, input);
      if (difference) return refuse(difference);
      this.served++;
      const steps: Step[] = [];
      let last = 0;
      for (const { t, event } of run.events) {
        if (this.timing && t > last) steps.push({ delay: t - last });
        last = Math.max(last, t);
        // The run's own ids are the incoming request's (the client checks them).
        const own = RUN_EVENTS.has(event.type) && {
          ...("threadId" in event && { threadId: input.threadId }),
          ...("runId" in event && { runId: input.runId }),
        };
        steps.push(own ? { ...event, ...own } : event);
      }
      return steps;
    };
  }
}

import type { Message, RunAgentInput } from "@ag-ui/core";

export type { Message, RunAgentInput };

/** An AG-UI event as it goes on the wire: sent verbatim, so tests can send malformed ones. */
export type EventStep = { type: string; [key: string]: unknown };

/** One thing a script's reply does: send an event, wait, write raw bytes, or drop the connection. */
export type Step =
  | EventStep
  /** Wait this many milliseconds. */
  | { delay: number }
  /** Write these bytes to the body as they are (malformed frames). */
  | { raw: string }
  /** Destroy the socket at once: a dropped connection. */
  | { drop: true };

/** What a script answers: a plain HTTP response, or a stream of steps. */
export type Reply = { status: number; headers?: Record<string, string>; body?: string | object } | Iterable<Step> | AsyncIterable<Step>;

/** What a script gets besides the request: pacing, an abort signal, and the thread so far. */
export interface ScriptContext {
  /** Delay to put between streamed tokens. */
  tokenDelayMs: number;
  /** Aborted when the client goes away: stop producing. */
  signal: AbortSignal;
  /** The thread's messages as the server kept them, before this request. */
  history: Message[];
  /** 0 for the first request of this thread on this server, then 1, 2... */
  requestIndex: number;
}

/** A scenario of your own: answers each run request with a reply. */
export type Script = (input: RunAgentInput, context: ScriptContext) => Reply | Promise<Reply>;

/** The built-in scenarios, one per playground page, each also served at `POST {baseUrl}/{name}`. */
export type ScenarioName =
  | "agentic-chat"
  | "backend-tool-rendering"
  | "human-in-the-loop"
  | "interrupt"
  | "agentic-generative-ui"
  | "tool-based-generative-ui"
  | "shared-state"
  | "predictive-state-updates"
  | "subagents"
  | "attachments"
  | "a2ui"
  | "mcp-apps"
  | "approvals"
  | "feedback-dictation";

/** Options for `startMockAgent`. */
export interface MockAgentOptions {
  /** What `POST {baseUrl}/` plays (default "agentic-chat"). */
  scenario?: ScenarioName | Script;
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (tests); the CLI uses a human pace. */
  tokenDelayMs?: number;
  /**
   * Behave like CopilotKit's runtime: a run goes on when its client disconnects, and while it
   * does, another run on the same thread is answered with an empty event stream (200, no
   * events). `POST {baseUrl}/agent/:agentId/stop/:threadId` stops it (that route works in
   * either mode), with the runtime's strictness about the body: none, `{}` or `{"runId"}` of
   * the running run; any other key, or a body that is not a JSON object, is a 400
   * `{"error": "Invalid stop request"}`. Default false: a run ends when its client goes away.
   */
  busyThreads?: boolean;
  /**
   * Serve this recording (as `recordThread` from `@tandem/core` writes it) instead of scenarios:
   * each POST is matched to the next recorded run, at the path it was recorded at and in its
   * dialect; a request that differs from the recorded one is answered 409 with
   * `{"error": "...messages[2].content: expected \"…\", got \"…\""}`.
   */
  recording?: unknown;
  /** With `recording`: wait between events as long as the recorded run did. Default false. */
  timing?: boolean;
  /**
   * Fault mode: every response is cut (the socket destroyed) after this many events, the
   * original and each resumed one. The run goes on, so a client that resumes gets the rest.
   */
  dropAfter?: number;
  /**
   * How long an AG-UI (SSE) run goes on while no client reads it (default 30,000 ms): a client
   * that reconnects or reloads within it reads on with `Last-Event-ID`; after it, the run stops.
   */
  resumeWindowMs?: number;
}

/** A request the server received (OPTIONS preflights aside), as kept in `MockAgent.requests`. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Parsed JSON, or the raw text when it is not JSON. */
  body: unknown;
}

/** A running mock server, as `startMockAgent` returns it. */
export interface MockAgent {
  /** The endpoint that plays `options.scenario`. */
  url: string;
  /** `http://host:port`; `POST {baseUrl}/{scenario}` plays a named scenario. */
  baseUrl: string;
  requests: RecordedRequest[];
  /**
   * Holds the next stream that writes the event `at` describes, right after writing it, until the
   * test calls `release()`: a transient state (running, Stop shown, a subagent at work) lasts
   * as long as the test needs it, on any machine. `await hold.reached` before looking at it.
   */
  hold(at: HoldAt): Hold;
  /** Aborts running runs, drops open connections and stops the server; resolves once it is closed. */
  close(): Promise<void>;
}

/** Which event a {@link Hold} stops a stream after. */
export type HoldAt =
  /** After the `count`th event of this type in one stream (default the first). */
  | { type: string; count?: number; path?: string }
  /** After the first event for which this says true (`index`: the event's place in its stream, from 0). */
  | ((event: EventStep, index: number, path: string) => boolean);

/**
 * A stream held still by the test: the mock agent has sent everything up to and including the
 * matched event, flushed it, and sends nothing more until `release()`. For tests that need a
 * transient state (a run going on, a Stop button, a subagent at work) to last until they are
 * done with it, instead of hoping to catch it.
 */
export interface Hold {
  /** Settles once a stream has reached the matched event and is waiting. */
  readonly reached: Promise<void>;
  /** Whether a stream is waiting on this hold now. */
  readonly waiting: boolean;
  /** Lets the stream go on (at once if it has not reached the hold yet: it then never stops). */
  release(): void;
}

export const isEvent = (step: Step): step is EventStep => typeof (step as EventStep).type === "string";

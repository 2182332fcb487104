import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { EventEncoder } from "@ag-ui/encoder";
import { agentEvents, type EventSource, isAgent } from "./agentEvents.js";
import { type EventLog, isRunEnd, runKey } from "./eventLog.js";
import { memoryEventLog } from "./memoryEventLog.js";
import type { NodeRequest, NodeResponse } from "./nodeHttp.js";
import { sseFrame, writeRespectingBackpressure } from "./sse.js";

/** What a request asks of a run: to start it, to resume it after an event (`Last-Event-ID`), or to join it from elsewhere. */
export type RunAccessKind = "start" | "resume" | "join";

/** What `authorize` is asked about: which run, and what the request wants of it. */
export interface RunAccess {
  /** The thread the request names; a run is only ever found through its own thread. */
  threadId: string;
  /** The run the request names. */
  runId: string;
  /**
   * `start`: a new run; `resume`: a request repeated with `Last-Event-ID`; `join`: the join
   * endpoint, or a request without `Last-Event-ID` that names a run that exists (it reads the run
   * from its first event).
   */
  kind: RunAccessKind;
}

/**
 * Decides whether a request may start, resume or join a run: every one goes through it before
 * anything of the run is looked up or sent. Resolve true to allow it; false (or a throw) answers
 * 403. Tie it to what the request proves, e.g. a session cookie whose user owns the thread.
 */
export type Authorize<R = NodeRequest> = (request: R, access: RunAccess) => boolean | Promise<boolean>;

/** Options for `resumableRuns`. */
export interface ResumableRunsOptions<R = NodeRequest> {
  /** Whether a request may start, resume or join a run (see `Authorize`). Required: pass `() => true` knowingly. */
  authorize: Authorize<R>;
  /** Where the runs' events are kept (default `memoryEventLog()`, this process only). */
  log?: EventLog;
  /**
   * How long a run goes on while no client reads it (default 30 s): a client that reconnects or
   * reloads within it reads on; after it, the run is stopped and ends with a RUN_ERROR (code
   * `abandoned`). Readers on other instances count too where the log is shared and marks reads
   * (`redisEventLog`): each marks the run while it reads.
   */
  idleMs?: number;
  /** How many runs this instance produces at once (default 100); a start beyond it is answered 503. */
  maxRuns?: number;
  /** The most events one run may have (default 10,000); past it the run ends with a RUN_ERROR (code `run_too_large`). */
  maxEvents?: number;
  /** The most bytes (of JSON) one run's events may hold (default 8 MiB); past it, as for `maxEvents`. */
  maxBytes?: number;
  /** How long one run may go on (default 10 minutes); then it ends with a RUN_ERROR (code `run_timeout`). */
  maxDurationMs?: number;
  /**
   * Whether a source's error message goes to the client in its RUN_ERROR (default false: the
   * client reads "The agent failed", and `onError` gets the error).
   */
  exposeErrors?: boolean;
  /** Told of every failure the client is not: a throwing source, a failing event log (default `console.error`). */
  onError?: (error: unknown, access: Pick<RunAccess, "threadId" | "runId">) => void;
}

/** One request for a run's stream, for servers other than `node:http` (see `ResumableRuns.open`). */
export interface RunRequest<R = NodeRequest> {
  /** The request itself, as `authorize` reads it. */
  request: R;
  /** The thread the request names. */
  threadId: string;
  /** The run the request names. */
  runId: string;
  /**
   * The run's input: what a start passes to the source. Checked when given (400 otherwise): an
   * object naming this `threadId` and `runId`, its `messages`, `tools` and `context` arrays if present.
   */
  input?: RunAgentInput;
  /** The `Last-Event-ID` header, if the request has one: the frames after that event. */
  lastEventId?: string | null;
  /** True for the join endpoint (`GET …/:threadId/:runId`): never starts a run. */
  join?: boolean;
  /** Aborted when the client goes away: this stream ends (the run goes on for `idleMs`). */
  signal: AbortSignal;
}

/** The answer to a `RunRequest`: a stream of SSE frames, or an HTTP error with its reason. */
export type RunStream = { status: 200; frames: AsyncIterable<string> } | { status: 400 | 403 | 404 | 503; error: string };

/** One request for a run's stream, as the older `frames` takes it. */
export interface ResumableRequest<R = NodeRequest> {
  /** The run's input (its `threadId` and `runId` name the run). */
  input: RunAgentInput;
  /** The `Last-Event-ID` header, if the request has one. */
  lastEventId?: string | null;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  /** The request, as `authorize` reads it (default: an empty one, no headers). */
  request?: R;
}

/** What a `ResumableRuns` holds now: for metrics, and tests of its bounds. */
export interface ResumableRunsStats {
  /** Runs this instance is producing. */
  producing: number;
  /** Responses this instance is streaming. */
  readers: number;
}

/** Makes AG-UI event streams resumable, with authorization and bounds; see `resumableRuns`. */
export interface ResumableRuns<R = NodeRequest> {
  /**
   * Answers one request for a run's stream. Without `lastEventId`, a run that does not exist
   * starts (`source` is called once per run) and one that does is joined from its first event;
   * with it, the frames after that event. 400 for a request that names no run, 403 when
   * `authorize` refuses, 404 when the log does not hold that run or event (the client then shows
   * the truncated reply with Retry), 503 when this instance already produces `maxRuns` runs.
   * An `input` that is not one of this run is a 400 too (see `RunRequest.input`).
   */
  open(request: RunRequest<R>, source?: () => EventSource): Promise<RunStream>;
  /** `open` for an AG-UI request, null for any refusal. */
  frames(request: ResumableRequest<R>, source: () => EventSource): Promise<AsyncIterable<string> | null>;
  /** `open` written to a Node response (`Last-Event-ID` read from `req`), or a JSON error with its status. */
  handle(req: R & NodeRequest, res: NodeResponse, input: RunAgentInput, source: () => EventSource): Promise<void>;
  /** The join endpoint: the run's frames after `Last-Event-ID` (or from its first), never a new run. */
  join(req: R & NodeRequest, res: NodeResponse, run: { threadId: string; runId: string }): Promise<void>;
  /** Stops a run this instance produces (it ends with a RUN_ERROR, code `stopped`); false when it produces none such. */
  stop(threadId: string, runId: string): boolean;
  /** What it holds now. */
  stats(): ResumableRunsStats;
  /** Stops every run this instance produces and waits until each has ended in the log. */
  close(): Promise<void>;
}

/** Why a run stopped before its source ended it, as the RUN_ERROR's code and message say. */
const STOPS = {
  idle: ["abandoned", "Nobody read the run for too long: it was stopped"],
  timeout: ["run_timeout", "The run went on for too long: it was stopped"],
  stopped: ["stopped", "The run was stopped"],
  closed: ["server_closing", "The server stopped the run as it shut down"],
} as const;
type StopReason = keyof typeof STOPS;

/** A run this instance produces. */
interface Producing {
  controller: AbortController;
  /** Aborted when the log failed: this instance's readers stop and say so. */
  broken: AbortController;
  readers: number;
  idle: ReturnType<typeof setTimeout> | null;
  deadline: ReturnType<typeof setTimeout>;
  /** Resolved once the log holds the run (its first event), or the run ended without one. */
  started: Promise<void>;
  done: Promise<void>;
}

/** The thread and run a run key names. */
const accessOf = (key: string): Pick<RunAccess, "threadId" | "runId"> => {
  const [threadId = "", runId = ""] = key.split("/").map(decodeURIComponent);
  return { threadId, runId };
};

const MAX_ID_LENGTH = 512;
const validId = (value: unknown): value is string => typeof value === "string" && value.length > 0 && value.length <= MAX_ID_LENGTH;
const isEvent = (value: unknown): value is BaseEvent =>
  typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";

/**
 * Why `input` cannot be the input of run `runId` of thread `threadId`, or undefined when it can:
 * a start runs the source on it, so a thread named in the body but not in the key (a Fetch handler
 * that takes the ids from its URL) would run one thread's agent under another's authorization.
 */
function inputProblem(input: unknown, threadId: string, runId: string): string | undefined {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return "The run's input must be a JSON object (a RunAgentInput)";
  const fields = input as Record<string, unknown>;
  if (fields.threadId !== threadId || fields.runId !== runId) return "The run's input names another thread or run than the request";
  for (const field of ["messages", "tools", "context"])
    if (fields[field] !== undefined && !Array.isArray(fields[field])) return `The run's input's ${field} must be an array`;
  return undefined;
}

/** An iterable's iterator, sync or async, as an async one. */
function iteratorOf(events: AsyncIterable<BaseEvent> | Iterable<BaseEvent>): AsyncIterator<BaseEvent> | Iterator<BaseEvent> {
  return Symbol.asyncIterator in events ? events[Symbol.asyncIterator]() : events[Symbol.iterator]();
}

/**
 * Makes any AG-UI event stream resumable, as Tandem's client expects (see the guide "Resumable
 * streams"): each event goes out with an `id:`; the run is produced into an `EventLog`, apart from
 * the response, so it goes on when the connection drops; a request repeated with `Last-Event-ID`
 * continues after that event. Runs are keyed by thread and run id, every start, resume and join
 * goes through `authorize`, and each run is bounded in events, bytes and time. A source that
 * throws, and a log that fails, end the run with a RUN_ERROR; nothing is left to reject unhandled.
 */
export function resumableRuns<R = NodeRequest>(options: ResumableRunsOptions<R>): ResumableRuns<R> {
  const {
    authorize,
    log = memoryEventLog(),
    idleMs = 30_000,
    maxRuns = 100,
    maxEvents = 10_000,
    maxBytes = 8 * 1024 * 1024,
    maxDurationMs = 10 * 60_000,
    exposeErrors = false,
    onError = (error, { threadId, runId }) => console.error(`[tandem/server] run ${runId} of thread ${threadId}:`, error),
  } = options;
  const producing = new Map<string, Producing>();
  let readers = 0;
  const encoder = new EventEncoder();
  const report = (error: unknown, access: Pick<RunAccess, "threadId" | "runId">) => {
    try {
      onError(error, access);
    } catch {
      // a failing reporter changes nothing
    }
  };
  const runError = (message: string, code: string) => ({ type: "RUN_ERROR", message, code, timestamp: Date.now() }) as BaseEvent;

  async function produce(key: string, input: RunAgentInput, source: () => EventSource, run: Producing, started: () => void) {
    const { signal } = run.controller;
    const access = { threadId: input.threadId, runId: input.runId };
    let ended = false;
    const append = async (event: BaseEvent) => {
      await log.append(key, event);
      started();
      if (isRunEnd(event)) ended = true;
    };
    try {
      let iterator: AsyncIterator<BaseEvent> | Iterator<BaseEvent> | undefined;
      try {
        const events = source();
        iterator = iteratorOf(isAgent(events) ? agentEvents(events, input, signal) : events);
        const stopped = new Promise<"stopped">((resolve) => {
          if (signal.aborted) resolve("stopped");
          signal.addEventListener("abort", () => resolve("stopped"), { once: true });
        });
        let count = 0;
        let bytes = 0;
        while (!ended) {
          const step = await Promise.race([iterator.next(), stopped]);
          if (step === "stopped") {
            const [code, message] = STOPS[(signal.reason as StopReason) in STOPS ? (signal.reason as StopReason) : "stopped"];
            await append(runError(message, code));
            break;
          }
          if (step.done) {
            await append(runError("The agent's stream ended without RUN_FINISHED", "incomplete"));
            break;
          }
          const event: unknown = step.value;
          if (!isEvent(event)) throw new TypeError(`The agent produced something that is not an AG-UI event: ${String(event)}`);
          count++;
          bytes += Buffer.byteLength(JSON.stringify(event));
          if (count > maxEvents || bytes > maxBytes) {
            await append(
              runError(`The run went over its bounds (${maxEvents} events, ${maxBytes} bytes): it was stopped`, "run_too_large"),
            );
            break;
          }
          await append(event);
        }
      } catch (error) {
        if (ended) throw error;
        report(error, access);
        const message = exposeErrors && error instanceof Error ? error.message : "The agent failed";
        // When the log itself failed, this throws too: the outer catch.
        await append(runError(message, "agent_error"));
      } finally {
        // An agent or generator that is still going is told to stop (not awaited: it may be stuck).
        if (iterator?.return) Promise.resolve(iterator.return()).catch(() => {});
      }
    } catch (logError) {
      report(logError, access);
      run.broken.abort(logError);
    } finally {
      try {
        await log.end(key);
      } catch (error) {
        report(error, access);
      }
      if (run.idle) clearTimeout(run.idle);
      clearTimeout(run.deadline);
      if (producing.get(key) === run) producing.delete(key);
      started();
    }
  }

  /** Counts a reader of a run this instance produces; the run stops `idleMs` after its last reader left. */
  function attach(key: string, run: Producing | undefined, signal: AbortSignal): void {
    if (!run) return;
    run.readers++;
    if (run.idle) clearTimeout(run.idle);
    run.idle = null;
    /** Stops the run unless a reader came back here, or one reads it on another instance (a shared log's marks). */
    const check = async () => {
      if (run.readers > 0 || run.controller.signal.aborted) return;
      const readElsewhere = (await log.isRead?.(key).catch(() => false)) === true;
      if (run.readers > 0 || run.controller.signal.aborted) return;
      if (readElsewhere) return wait();
      run.controller.abort("idle" satisfies StopReason);
    };
    const wait = () => {
      run.idle = setTimeout(() => void check(), idleMs);
      run.idle.unref?.();
    };
    signal.addEventListener(
      "abort",
      () => {
        if (--run.readers > 0 || run.controller.signal.aborted) return;
        wait();
      },
      { once: true },
    );
  }

  /** While a reader reads a run another instance produces, marks it read there (a shared log), so its idleMs does not stop it. */
  function markWhileReading(key: string, signal: AbortSignal): () => void {
    if (!log.markRead) return () => {};
    const mark = () => void log.markRead?.(key, idleMs).catch((error: unknown) => report(error, accessOf(key)));
    mark();
    const every = setInterval(mark, Math.max(50, idleMs / 3));
    every.unref?.();
    const stop = () => clearInterval(every);
    signal.addEventListener("abort", stop, { once: true });
    return stop;
  }

  const errorFrame = (message: string, code: string) => encoder.encodeSSE(runError(message, code));

  async function* framesOf(key: string, afterId: string | null, signal: AbortSignal, run: Producing | undefined): AsyncGenerator<string> {
    readers++;
    const unmark = run ? () => {} : markWhileReading(key, signal);
    try {
      if (run) await run.started;
      const reading = run ? AbortSignal.any([signal, run.broken.signal]) : signal;
      for await (const { id, event } of log.read(key, afterId, reading)) yield sseFrame(id, event, encoder);
      if (run?.broken.signal.aborted && !signal.aborted) yield errorFrame("The run's event log failed", "event_log_error");
    } catch (error) {
      report(error, accessOf(key));
      if (!signal.aborted) yield errorFrame("The run's event log failed", "event_log_error");
    } finally {
      unmark();
      readers--;
    }
  }

  function start(key: string, input: RunAgentInput, source: () => EventSource): Producing {
    let started!: () => void;
    const run: Producing = {
      controller: new AbortController(),
      broken: new AbortController(),
      readers: 0,
      idle: null,
      deadline: setTimeout(() => run.controller.abort("timeout" satisfies StopReason), maxDurationMs),
      started: new Promise<void>((resolve) => {
        started = resolve;
      }),
      done: Promise.resolve(),
    };
    run.deadline.unref?.();
    producing.set(key, run);
    run.done = produce(key, input, source, run, started).catch((error: unknown) =>
      report(error, { threadId: input.threadId, runId: input.runId }),
    );
    return run;
  }

  const runs: ResumableRuns<R> = {
    async open(request, source) {
      const { threadId, runId, signal } = request;
      const lastEventId = request.lastEventId || null;
      if (!validId(threadId) || !validId(runId))
        return { status: 400, error: "A run needs a threadId and a runId (strings, 1 to 512 characters)" };
      if (lastEventId !== null && (lastEventId.length > MAX_ID_LENGTH || /[\r\n]/.test(lastEventId)))
        return { status: 400, error: "Last-Event-ID is not an event id" };
      const problem = request.input === undefined ? undefined : inputProblem(request.input, threadId, runId);
      if (problem !== undefined) return { status: 400, error: problem };
      const key = runKey(threadId, runId);
      const starting = !request.join && lastEventId === null && source !== undefined && request.input !== undefined;
      let exists = producing.has(key);
      try {
        if (starting && !exists) exists = await log.has(key);
      } catch (error) {
        report(error, { threadId, runId });
        return { status: 503, error: "The event log cannot be reached" };
      }
      const kind: RunAccessKind = lastEventId !== null ? "resume" : starting && !exists ? "start" : "join";
      let allowed = false;
      try {
        allowed = (await authorize(request.request, { threadId, runId, kind })) === true;
      } catch (error) {
        report(error, { threadId, runId });
      }
      if (!allowed) return { status: 403, error: `Not allowed to ${kind} this run` };
      if (kind === "start") {
        if (producing.has(key)) return runs.open({ ...request, join: true }, source);
        if (producing.size >= maxRuns) return { status: 503, error: "This server runs as many runs as it may: try again soon" };
        const run = start(key, request.input!, source!);
        attach(key, run, signal);
        return { status: 200, frames: framesOf(key, null, signal, run) };
      }
      const run = producing.get(key);
      try {
        if (!run && !(await log.has(key, lastEventId ?? undefined)))
          return {
            status: 404,
            error: `Run "${runId}" of thread "${threadId}" cannot be ${kind === "join" ? "joined" : "resumed"} here (unknown run or event id)`,
          };
        if (run && lastEventId !== null) {
          await run.started;
          if (!(await log.has(key, lastEventId)))
            return { status: 404, error: `Run "${runId}" has no event "${lastEventId}" to resume after` };
        }
      } catch (error) {
        report(error, { threadId, runId });
        return { status: 503, error: "The event log cannot be reached" };
      }
      attach(key, run, signal);
      return { status: 200, frames: framesOf(key, lastEventId, signal, run) };
    },
    async frames({ input, lastEventId, signal, request }, source) {
      const stream = await runs.open(
        { request: request ?? ({ headers: {} } as R), threadId: input.threadId, runId: input.runId, input, lastEventId, signal },
        source,
      );
      return stream.status === 200 ? stream.frames : null;
    },
    async handle(req, res, input, source) {
      if (typeof input !== "object" || input === null)
        return send(res, { status: 400, error: "The request body must be an AG-UI RunAgentInput" });
      await serve(req, res, { threadId: input.threadId, runId: input.runId, input }, source);
    },
    async join(req, res, { threadId, runId }) {
      await serve(req, res, { threadId, runId, join: true });
    },
    stop(threadId, runId) {
      const run = producing.get(runKey(threadId, runId));
      if (!run || run.controller.signal.aborted) return false;
      run.controller.abort("stopped" satisfies StopReason);
      return true;
    },
    stats: () => ({ producing: producing.size, readers }),
    async close() {
      const running = [...producing.values()];
      for (const run of running) run.controller.abort("closed" satisfies StopReason);
      await Promise.all(running.map((run) => run.done));
    },
  };

  async function serve(
    req: R & NodeRequest,
    res: NodeResponse,
    target: Omit<RunRequest<R>, "request" | "signal" | "lastEventId">,
    source?: () => EventSource,
  ): Promise<void> {
    const controller = new AbortController();
    const gone = () => controller.abort();
    res.on("close", gone);
    try {
      const header = req.headers["last-event-id"];
      const lastEventId = Array.isArray(header) ? header[0] : header;
      const stream = await runs.open({ ...target, request: req, lastEventId, signal: controller.signal }, source);
      await send(res, stream);
    } finally {
      res.off("close", gone);
      controller.abort();
    }
  }
  return runs;
}

/** Writes a `RunStream` to a Node response: the frames as SSE (waiting on `drain`), or the error as JSON. */
async function send(res: NodeResponse, stream: RunStream): Promise<void> {
  if (res.destroyed) return;
  if (stream.status !== 200) {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (stream.status === 503) headers["retry-after"] = "1";
    res.writeHead(stream.status, headers);
    res.end(JSON.stringify({ error: stream.error }));
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", "x-accel-buffering": "no" });
  for await (const frame of stream.frames) if (!(await writeRespectingBackpressure(res, frame))) break;
  if (!res.destroyed) res.end();
}

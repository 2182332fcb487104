import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { EventEncoder } from "@ag-ui/encoder";
import type { EventLog } from "./eventLog.js";
import { memoryEventLog } from "./memoryEventLog.js";
import type { NodeRequest, NodeResponse } from "./nodeHttp.js";

/** What `@ag-ui/client`'s `AbstractAgent` offers (and any agent whose `run` returns an Observable). */
export interface RunnableAgent {
  /** Runs the agent: its events, as an Observable (or anything with the same `subscribe`). */
  run(input: RunAgentInput): EventSubscribable;
}

/** What `RunnableAgent.run` returns: an rxjs Observable, as far as this helper uses it. */
export interface EventSubscribable {
  /** Starts the run; the observer gets its events, then `complete` or `error`. */
  subscribe(observer: { next(event: BaseEvent): void; error(error: unknown): void; complete(): void }): Unsubscribable;
}

/** A subscription, as far as this helper uses it. */
export interface Unsubscribable {
  /** Stops the run's events (the run stopped for good). */
  unsubscribe(): void;
}

/** A run's events: an agent to run, or the events themselves (e.g. an async generator). */
export type EventSource = RunnableAgent | AsyncIterable<BaseEvent> | Iterable<BaseEvent>;

/** Options for `resumableRuns`. */
export interface ResumableRunsOptions {
  /** Where the runs' events are kept (default `memoryEventLog()`, this process only). */
  log?: EventLog;
  /**
   * How long a run goes on while no client reads it (default 30 s): a client that reconnects or
   * reloads within it reads on; after it, the run is stopped (a client that pressed Stop).
   */
  idleMs?: number;
}

/** One request for a run's stream: the run, and the `Last-Event-ID` header if it has one. */
export interface ResumableRequest {
  input: RunAgentInput;
  lastEventId?: string | null;
  /** Aborted when the client goes away: this stream ends (the run goes on for `idleMs`). */
  signal: AbortSignal;
}

/** Makes AG-UI event streams resumable; see `resumableRuns`. */
export interface ResumableRuns {
  /**
   * The SSE frames (`id:` and `data:`) answering one request. Without `lastEventId`, the run
   * starts (once per `runId`; `source` is not called again for a run already going) and its
   * frames follow from the first; with it, the frames after that event. Null when the log does
   * not hold that run or event: answer 404, and the client shows the truncated reply with Retry.
   */
  frames(request: ResumableRequest, source: () => EventSource): Promise<AsyncIterable<string> | null>;
  /** `frames` written to a Node response (`Last-Event-ID` read from `req`), or a 404 with a JSON error. */
  handle(req: NodeRequest, res: NodeResponse, input: RunAgentInput, source: () => EventSource): Promise<void>;
}

/** An SSE frame with an `id:` line; the `data:` line is the official encoder's. */
export function sseFrame(id: string, event: BaseEvent, encoder = new EventEncoder()): string {
  if (/[\r\n]/.test(id)) throw new TypeError(`An SSE event id cannot hold a line break: ${JSON.stringify(id)}`);
  return `id: ${id}\n${encoder.encodeSSE(event)}`;
}

function isAgent(source: EventSource): source is RunnableAgent {
  return typeof (source as RunnableAgent).run === "function";
}

/** An agent's Observable as an async iterable (no rxjs needed). */
async function* agentEvents(agent: RunnableAgent, input: RunAgentInput, signal: AbortSignal): AsyncGenerator<BaseEvent> {
  const queue: BaseEvent[] = [];
  let done = false;
  let failure: { error: unknown } | null = null;
  let wake = () => {};
  const subscription = agent.run(input).subscribe({
    next: (event) => {
      queue.push(event);
      wake();
    },
    error: (error) => {
      failure = { error };
      wake();
    },
    complete: () => {
      done = true;
      wake();
    },
  });
  const stop = () => {
    done = true;
    wake();
  };
  signal.addEventListener("abort", stop, { once: true });
  try {
    for (;;) {
      while (queue.length > 0) yield queue.shift()!;
      if (failure) throw (failure as { error: unknown }).error;
      if (done) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    signal.removeEventListener("abort", stop);
    subscription.unsubscribe();
  }
}

/**
 * Makes any AG-UI event stream resumable, as Tandem's client expects (see the guide "Resumable
 * streams"): each event goes out with an `id:`; the run is produced into an `EventLog`, apart from
 * the response, so it goes on when the connection drops; a request repeated with `Last-Event-ID`
 * continues after that event. Wrap an `AbstractAgent` or an async iterable of events.
 */
export function resumableRuns({ log = memoryEventLog(), idleMs = 30_000 }: ResumableRunsOptions = {}): ResumableRuns {
  /** Runs produced by this instance: how many clients read each, and what stops it. */
  const producing = new Map<string, { readers: number; controller: AbortController; idle: ReturnType<typeof setTimeout> | null }>();

  async function produce(input: RunAgentInput, source: EventSource, controller: AbortController): Promise<void> {
    const events = isAgent(source) ? agentEvents(source, input, controller.signal) : source;
    try {
      for await (const event of events) {
        if (controller.signal.aborted) break;
        await log.append(input.runId, event);
      }
    } catch (error) {
      await log.append(input.runId, { type: "RUN_ERROR", message: error instanceof Error ? error.message : String(error) } as BaseEvent);
    } finally {
      await log.end(input.runId);
      const run = producing.get(input.runId);
      if (run?.idle) clearTimeout(run.idle);
      producing.delete(input.runId);
    }
  }

  function attach(runId: string, signal: AbortSignal): void {
    const run = producing.get(runId);
    if (!run) return;
    run.readers++;
    if (run.idle) clearTimeout(run.idle);
    run.idle = null;
    signal.addEventListener(
      "abort",
      () => {
        if (--run.readers > 0 || !producing.has(runId)) return;
        run.idle = setTimeout(() => run.controller.abort(), idleMs);
      },
      { once: true },
    );
  }

  const encoder = new EventEncoder();
  async function* framesOf(runId: string, afterId: string | null, signal: AbortSignal): AsyncGenerator<string> {
    for await (const { id, event } of log.read(runId, afterId, signal)) yield sseFrame(id, event, encoder);
  }

  const runs: ResumableRuns = {
    async frames({ input, lastEventId, signal }, source) {
      const { runId } = input;
      if (lastEventId) {
        if (!(await log.has(runId, lastEventId))) return null;
      } else if (!producing.has(runId) && !(await log.has(runId))) {
        const controller = new AbortController();
        producing.set(runId, { readers: 0, controller, idle: null });
        void produce(input, source(), controller);
      }
      attach(runId, signal);
      return framesOf(runId, lastEventId || null, signal);
    },
    async handle(req, res, input, source) {
      const controller = new AbortController();
      res.on("close", () => controller.abort());
      const header = req.headers["last-event-id"];
      const frames = await runs.frames(
        { input, lastEventId: Array.isArray(header) ? header[0] : header, signal: controller.signal },
        source,
      );
      if (!frames) {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: `Run "${input.runId}" cannot be resumed here (unknown run or event id)` }));
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      for await (const frame of frames) if (!res.destroyed) res.write(frame);
      res.end();
    },
  };
  return runs;
}

import type { RunAgentInput } from "@ag-ui/core";
import type { EventSource } from "./agentEvents.js";
import { fetchListener, readFetchJson } from "./http/fetch.js";
import { decodeSegment, Refusal } from "./http/requests.js";
import { JOIN_PATH, parseInput } from "./http/runInput.js";
import type { ResumableRuns, RunStream } from "./resumableRuns.js";

/** Options for `agentFetchHandler`. */
export interface AgentFetchHandlerOptions {
  /** The runs it serves (`resumableRuns<Request>({ authorize, … })`: `authorize` reads the Fetch `Request`). */
  runs: ResumableRuns<Request>;
  /** A new run's events: an agent to run, or an (async) iterable of AG-UI events. */
  source: (input: RunAgentInput, request: Request) => EventSource;
  /** The largest request body it reads (default 1 MiB); a larger one is answered 413, the rest unread. */
  maxBodyBytes?: number;
  /**
   * The join endpoint, matched against the path of a GET (default `/resume/:threadId/:runId`): its
   * first two groups are the thread and run ids, URI-encoded. Mounted under a prefix, say so
   * (e.g. `/^\/api\/agent\/([^/]+)\/([^/]+)$/` for Next.js's `app/api/agent/[[...run]]/route.ts`).
   */
  joinPath?: RegExp;
  /** Headers added to every response (e.g. CORS headers). */
  headers?: Record<string, string>;
  /** Called with an error the handler answered 500 (default `console.error`); a refused request (4xx) is not one. */
  onError?: (error: unknown) => void;
}

/**
 * A `RunStream` as a Fetch `Response`: the SSE frames, each pulled when the client has read the
 * last (backpressure), the run's reading stopped when the client cancels; or the error as JSON
 * with its status (and `Retry-After` for 503).
 */
export function runStreamResponse(stream: RunStream): Response {
  if (stream.status !== 200)
    return Response.json({ error: stream.error }, { status: stream.status, headers: stream.status === 503 ? { "retry-after": "1" } : {} });
  const frames = stream.frames[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await frames.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await frames.return?.();
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream", "cache-control": "no-cache", "x-accel-buffering": "no" } });
}

/**
 * `agentHandler` for servers that speak Fetch (Hono, Next.js route handlers, Bun, Deno, workers
 * on Node): a POST with a `RunAgentInput` body starts, joins or resumes (`Last-Event-ID`) a run; a
 * GET of the join path joins one. The request's `signal` ends the response when the client goes
 * away (the run goes on for `idleMs`). Malformed requests get a 4xx (400, 405, 413), never a
 * throw: the handler always resolves to a `Response`.
 */
export function agentFetchHandler(options: AgentFetchHandlerOptions): (request: Request) => Promise<Response> {
  const { runs, source, maxBodyBytes = 1024 * 1024, joinPath = JOIN_PATH, headers = {}, onError: report = console.error } = options;
  return fetchListener(headers, report, async (request) => {
    const lastEventId = request.headers.get("last-event-id");
    const join = request.method === "GET" ? joinPath.exec(new URL(request.url).pathname) : null;
    if (join) {
      const [threadId, runId] = [decodeSegment(join[1] ?? ""), decodeSegment(join[2] ?? "")];
      return runStreamResponse(await runs.open({ request, threadId, runId, join: true, lastEventId, signal: request.signal }));
    }
    if (request.method !== "POST") throw new Refusal(405, `${request.method} is not served here: POST a run, or GET the join endpoint`);
    const input = parseInput(await readFetchJson(request, maxBodyBytes));
    const { threadId, runId } = input;
    return runStreamResponse(
      await runs.open({ request, threadId, runId, input, lastEventId, signal: request.signal }, () => source(input, request)),
    );
  });
}

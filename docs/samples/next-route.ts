import { type RunStream, resumableRuns } from "@tandem/server";
import { countdown, mayRun, userOf } from "./server.js";

// #region route
// app/api/agent/[[...run]]/route.ts: POST /api/agent starts a run (or resumes one with
// Last-Event-ID); GET /api/agent/:threadId/:runId joins one.

/** @tandem/server runs on Node, not on the Edge runtime. */
export const runtime = "nodejs";

// One per server process: a run goes on apart from the request that started it.
const runs = resumableRuns<Request>({ authorize: (request, access) => mayRun(userOf(request.headers.get("cookie")), access) });

/** A run's stream as a Response: the SSE frames, pulled as the client reads them, or the error as JSON. */
function respond(run: RunStream): Response {
  if (run.status !== 200)
    return Response.json({ error: run.error }, { status: run.status, headers: run.status === 503 ? { "retry-after": "1" } : {} });
  const frames = run.frames[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await frames.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    cancel() {
      void frames.return?.();
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream", "cache-control": "no-cache", "x-accel-buffering": "no" } });
}

/** Starts a run, or resumes it after `Last-Event-ID`; the body is the AG-UI `RunAgentInput`. */
export async function POST(request: Request): Promise<Response> {
  const input = await request.json().catch(() => undefined);
  if (input === undefined) return Response.json({ error: "The request body must be JSON" }, { status: 400 });
  const { threadId, runId } = input ?? {};
  const lastEventId = request.headers.get("last-event-id");
  // request.signal aborts when the client goes away: this response ends, the run goes on for idleMs.
  return respond(await runs.open({ request, threadId, runId, input, lastEventId, signal: request.signal }, () => countdown(input)));
}

/** Joins a run, from its first event or after `Last-Event-ID`; never starts one. */
export async function GET(request: Request, { params }: { params: Promise<{ run?: string[] }> }): Promise<Response> {
  const [threadId = "", runId = "", ...rest] = (await params).run ?? [];
  if (rest.length > 0) return Response.json({ error: "Join a run at /api/agent/:threadId/:runId" }, { status: 404 });
  const lastEventId = request.headers.get("last-event-id");
  return respond(await runs.open({ request, threadId, runId, join: true, lastEventId, signal: request.signal }));
}
// #endregion route

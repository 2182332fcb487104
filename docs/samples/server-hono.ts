import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { memoryThreadStore, type RunStream, resumableRuns, type ThreadStore, threadsFetchHandler } from "@tandem/server";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { stream } from "hono/streaming";
import { countdown, mayRun, userOf } from "./server.js";

// #region hono
/** A run's stream as Hono's answer: the SSE frames as they come, or the error as JSON. */
function answer(c: Context, run: RunStream): Response {
  if (run.status !== 200) return c.json({ error: run.error }, run.status, run.status === 503 ? { "retry-after": "1" } : {});
  c.header("content-type", "text/event-stream");
  c.header("cache-control", "no-cache");
  return stream(c, async (out) => {
    for await (const frame of run.frames) await out.write(frame);
  });
}

/**
 * Starts a Hono app on @hono/node-server, on `port` (0 picks a free one): POST /agent starts a run
 * (or resumes one with Last-Event-ID), GET /agent/:threadId/:runId joins one, /threads keeps each
 * user's threads.
 */
export function startHono(port: number, store: ThreadStore = memoryThreadStore()): Promise<Server> {
  // Hono hands over Fetch Requests: authorize reads one, and the threads are served by the Fetch handler.
  const runs = resumableRuns<Request>({ authorize: (request, access) => mayRun(userOf(request.headers.get("cookie")), access) });
  const threads = threadsFetchHandler({ store, authorize: (request) => userOf(request.headers.get("cookie")) });
  const app = new Hono();
  app.post("/agent", bodyLimit({ maxSize: 1024 * 1024 }), async (c) => {
    const input = await c.req.json().catch(() => undefined);
    if (input === undefined) return c.json({ error: "The request body must be JSON" }, 400);
    const { threadId, runId } = input ?? {};
    const lastEventId = c.req.header("last-event-id");
    // c.req.raw.signal aborts when the client goes away: this response ends, the run goes on for idleMs.
    return answer(
      c,
      await runs.open({ request: c.req.raw, threadId, runId, input, lastEventId, signal: c.req.raw.signal }, () => countdown(input)),
    );
  });
  app.get("/agent/:threadId/:runId", async (c) => {
    const { threadId, runId } = c.req.param();
    const lastEventId = c.req.header("last-event-id");
    return answer(c, await runs.open({ request: c.req.raw, threadId, runId, join: true, lastEventId, signal: c.req.raw.signal }));
  });
  app.all("/threads", (c) => threads(c.req.raw));
  app.all("/threads/*", (c) => threads(c.req.raw));
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, () => resolve(server as Server));
    server.on("close", () => void Promise.all([runs.close(), store.close()]));
  });
}
// #endregion hono

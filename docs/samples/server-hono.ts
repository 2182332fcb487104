import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { agentFetchHandler, memoryThreadStore, resumableRuns, type ThreadStore, threadsFetchHandler } from "@tandem/server";
import { Hono } from "hono";
import { countdown, mayRun, userOf } from "./server.js";

// #region hono
/**
 * Starts a Hono app on @hono/node-server, on `port` (0 picks a free one): POST /agent starts a run
 * (or resumes one with Last-Event-ID), GET /agent/:threadId/:runId joins one, /threads keeps each
 * user's threads.
 */
export function startHono(port: number, store: ThreadStore = memoryThreadStore()): Promise<Server> {
  // Hono hands over Fetch Requests: authorize reads one, and both handlers are the Fetch ones.
  const runs = resumableRuns<Request>({ authorize: (request, access) => mayRun(userOf(request.headers.get("cookie")), access) });
  const agent = agentFetchHandler({ runs, source: (input) => countdown(input), joinPath: /^\/agent\/([^/]+)\/([^/]+)\/?$/ });
  const threads = threadsFetchHandler({ store, authorize: (request) => userOf(request.headers.get("cookie")) });
  const app = new Hono();
  // c.req.raw.signal aborts when the client goes away: the response ends, the run goes on for idleMs.
  app.post("/agent", (c) => agent(c.req.raw));
  app.get("/agent/:threadId/:runId", (c) => agent(c.req.raw));
  app.all("/threads", (c) => threads(c.req.raw));
  app.all("/threads/*", (c) => threads(c.req.raw));
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, () => resolve(server as Server));
    server.on("close", () => void Promise.all([runs.close(), store.close()]));
  });
}
// #endregion hono

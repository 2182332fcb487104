import type { IncomingMessage, Server } from "node:http";
import { agentHandler, memoryThreadStore, resumableRuns, type ThreadStore, threadsHandler } from "@tandem/server";
import express from "express";
import { countdown, mayRun, userOf } from "./server.js";

// #region express
/**
 * Starts an Express 5 app on `port` (0 picks a free one): POST /agent starts a run (or resumes one
 * with Last-Event-ID), GET /agent/:threadId/:runId joins one, /threads keeps each user's threads.
 */
export function startExpress(port: number, store: ThreadStore = memoryThreadStore()): Promise<Server> {
  const runs = resumableRuns<IncomingMessage>({ authorize: (req, access) => mayRun(userOf(req.headers.cookie), access) });
  const app = express();
  // Both handlers read the body themselves, up to their maxBodyBytes: mount them before a body
  // parser such as express.json(), which would leave them nothing to read (they answer 500 and say so).
  // app.use takes its path off the URL: the handlers see "/", "/:threadId/:runId" and "/:id".
  app.use("/agent", agentHandler({ runs, source: (input) => countdown(input), joinPath: /^\/([^/]+)\/([^/]+)\/?$/ }));
  app.use("/threads", threadsHandler({ store, basePath: "", authorize: (req) => userOf(req.headers.cookie) }));
  app.use(express.json()); // the rest of your app
  return new Promise((resolve, reject) => {
    const server = app.listen(port, "127.0.0.1", (error) => (error ? reject(error) : resolve(server)));
    server.on("close", () => void Promise.all([runs.close(), store.close()]));
  });
}
// #endregion express

import type { IncomingMessage, ServerResponse } from "node:http";
import { agentHandler, memoryThreadStore, resumableRuns, type ThreadStore, threadsHandler } from "@tandem/server";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { countdown, mayRun, userOf } from "./server.js";

// #region fastify
/** A `node:http` listener as a Fastify route handler: Fastify steps aside and the listener answers on the raw response. */
const raw = (listener: (req: IncomingMessage, res: ServerResponse) => Promise<void>) => (request: FastifyRequest, reply: FastifyReply) => {
  reply.hijack();
  return listener(request.raw, reply.raw);
};

/**
 * Starts a Fastify 5 app on `port` (0 picks a free one): POST /agent starts a run (or resumes one
 * with Last-Event-ID), GET /agent/:threadId/:runId joins one, /threads keeps each user's threads.
 */
export async function startFastify(port: number, store: ThreadStore = memoryThreadStore()): Promise<FastifyInstance> {
  const runs = resumableRuns<IncomingMessage>({ authorize: (req, access) => mayRun(userOf(req.headers.cookie), access) });
  // The raw request's URL is whole: the join path and the threads' basePath name /agent and /threads.
  const agent = agentHandler({ runs, source: (input) => countdown(input), joinPath: /^\/agent\/([^/]+)\/([^/]+)\/?$/ });
  const threads = threadsHandler({ store, authorize: (req) => userOf(req.headers.cookie) });
  const app = Fastify();
  await app.register(async (tandem) => {
    // In this plugin only, Fastify leaves the body unread: the handlers read it themselves, up to their maxBodyBytes.
    tandem.removeAllContentTypeParsers();
    tandem.addContentTypeParser("*", (_request, _body, done) => done(null));
    tandem.all("/agent", raw(agent));
    tandem.all("/agent/*", raw(agent));
    tandem.all("/threads", raw(threads));
    tandem.all("/threads/*", raw(threads));
  });
  app.addHook("onClose", async () => void (await Promise.all([runs.close(), store.close()])));
  await app.listen({ port, host: "127.0.0.1" });
  return app;
}
// #endregion fastify

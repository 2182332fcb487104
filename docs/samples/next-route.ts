import { agentFetchHandler, resumableRuns } from "@tandem/server";
import { countdown, mayRun, userOf } from "./server.js";

// #region route
// app/api/agent/[[...run]]/route.ts: POST /api/agent starts a run (or resumes one with
// Last-Event-ID); GET /api/agent/:threadId/:runId joins one.

/** @tandem/server runs on Node, not on the Edge runtime. */
export const runtime = "nodejs";

// One per server process: a run goes on apart from the request that started it.
const runs = resumableRuns<Request>({ authorize: (request, access) => mayRun(userOf(request.headers.get("cookie")), access) });
const agent = agentFetchHandler({ runs, source: (input) => countdown(input), joinPath: /^\/api\/agent\/([^/]+)\/([^/]+)\/?$/ });

/**
 * POST starts a run, or resumes it after `Last-Event-ID`; GET joins one. `request.signal` aborts
 * when the client goes away: the response ends, the run goes on for `idleMs`.
 */
export const POST = (request: Request): Promise<Response> => agent(request);
export const GET = POST;
// #endregion route

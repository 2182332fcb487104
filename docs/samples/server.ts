import http, { type IncomingMessage } from "node:http";
import type { BaseEvent, RunAgentInput } from "@tandem/core";
import { agentHandler, memoryThreadStore, type RunAccess, resumableRuns, type ThreadStore, threadsHandler } from "@tandem/server";

/** Your app's sessions: the cookie's id, and the user it stands for. */
export const sessions = new Map<string, { user: string }>();
/** Which user owns each thread (your database's threads table). */
export const owners = new Map<string, string>();

// #region authorize
/** The user whose session cookie a request carries (`cookie`: its Cookie header), if any. */
export function userOf(cookie: string | null | undefined): string | undefined {
  const id = /(?:^|;\s*)session=([^;]+)/.exec(cookie ?? "")?.[1];
  return id === undefined ? undefined : sessions.get(id)?.user;
}

/** A signed-in user may start a run on a thread that is theirs (or new), and resume or join only those. */
export function mayRun(user: string | undefined, { threadId, kind }: RunAccess): boolean {
  if (user === undefined) return false;
  const owner = owners.get(threadId);
  if (owner === undefined && kind === "start") {
    owners.set(threadId, user);
    return true;
  }
  return owner === user;
}

/** What `resumableRuns` asks of each start, resume and join: the request's user may. */
const authorize = (req: IncomingMessage, access: RunAccess) => mayRun(userOf(req.headers.cookie), access);
// #endregion authorize

// #region agent
/** Your agent: any `AbstractAgent` (e.g. `new HttpAgent({ url })`), or an async iterable of AG-UI events. */
export async function* countdown({ threadId, runId }: RunAgentInput): AsyncGenerator<BaseEvent> {
  yield { type: "RUN_STARTED", threadId, runId } as BaseEvent;
  yield { type: "TEXT_MESSAGE_START", messageId: runId, role: "assistant" } as BaseEvent;
  for (let n = 5; n > 0; n--) {
    yield { type: "TEXT_MESSAGE_CONTENT", messageId: runId, delta: `${n} ` } as BaseEvent;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  yield { type: "TEXT_MESSAGE_END", messageId: runId } as BaseEvent;
  yield { type: "RUN_FINISHED", threadId, runId } as BaseEvent;
}
// #endregion agent

// #region server
/** Starts the agent's server; `port` 0 picks a free one. Threads are kept in `store` (memory by default). */
export function startServer(port: number, store: ThreadStore = memoryThreadStore()): Promise<http.Server> {
  const runs = resumableRuns({
    authorize,
    idleMs: 30_000, // a run nobody reads is stopped after this
    maxRuns: 100, // runs produced at once; more get 503
    maxEvents: 10_000, // per run; past it the run ends with RUN_ERROR
    maxBytes: 8 * 1024 * 1024,
    maxDurationMs: 10 * 60_000,
  });
  // POST /agent starts a run (or resumes one with Last-Event-ID); GET /resume/:threadId/:runId joins one.
  const agent = agentHandler({ runs, source: (input) => countdown(input) });
  // #region threads
  // /threads: each signed-in user's threads (`restStorage({ url: "/threads" })` in the browser).
  const threads = threadsHandler({ store, authorize: (req) => userOf(req.headers.cookie) });
  // #endregion threads
  const server = http.createServer((req, res) => (req.url?.startsWith("/threads") ? threads(req, res) : agent(req, res)));
  server.on("close", () => void Promise.all([runs.close(), store.close()]));
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}
// #endregion server

import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { agentSocketHandler, memoryThreadStore, threadsHandler } from "@tandem/server";
import { agUi } from "./dialects/agUi.js";
import { RequestError, type RequestInfo, routes } from "./dialects/index.js";
import { ThreadHistory } from "./history.js";
import { Holds } from "./holds.js";
import { Replay } from "./replay.js";
import { cut, DROP_PAUSE_MS, MockRuns } from "./resumable/mockRuns.js";
import { capabilitiesOf, hasScenario } from "./scenarios/capabilities.js";
import { scenarios } from "./scenarios/index.js";
import { socketRuns } from "./socketRuns.js";
import {
  type HoldAt,
  isEvent,
  type MockAgent,
  type MockAgentOptions,
  type RecordedRequest,
  type Reply,
  type Script,
  type Step,
} from "./types.js";

/**
 * The mock agent's thread store, the backend of `restStorage` from `@tandem/core` in tests and
 * the playground: `@tandem/server`'s `threadsHandler` over `memoryThreadStore`, at `/threads`.
 * One set of threads for every request (the mock signs no one in), in memory.
 *
 *   GET    /threads        → [{ id, title, createdAt, updatedAt }], most recent first
 *   GET    /threads/:id    → the thread with its messages in order, or 404
 *   POST   /threads/:id    ← one save (`ThreadChange`), merged as a tree (`mergeSave`)
 *   PATCH  /threads/:id    ← { title }
 *   DELETE /threads/:id    → a tombstone: later saves of the id are ignored
 */
function mockThreads(headers: Record<string, string>): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const { "access-control-allow-origin": _any, ...rest } = headers;
  const handler = threadsHandler({
    store: memoryThreadStore(),
    authorize: () => "everyone",
    headers: { ...rest, "access-control-allow-methods": "GET, POST, PATCH, DELETE, OPTIONS" },
  });
  return (req, res) => {
    // The page's own origin and credentials allowed, so `restStorage({ credentials: "include" })`
    // works from another origin (the playground's `?threads=`): a `*` is refused with credentials.
    res.setHeader("access-control-allow-origin", req.headers.origin ?? "*");
    res.setHeader("access-control-allow-credentials", "true");
    res.setHeader("vary", "origin");
    return handler(req, res);
  };
}

/** The paths the thread store answers. */
const THREADS = /^\/threads(?:\/[^/]+)?\/?$/;

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
  // The wildcard does not cover Authorization, so it is named.
  "access-control-allow-headers": "*, content-type, authorization",
  "access-control-expose-headers": "*",
};

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { ...CORS, "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function isPlainReply(reply: Reply): reply is Extract<Reply, { status: number }> {
  return typeof (reply as { status?: unknown }).status === "number";
}

function isStream(reply: unknown): reply is Iterable<Step> | AsyncIterable<Step> {
  return typeof reply === "object" && reply !== null && (Symbol.iterator in reply || Symbol.asyncIterator in reply);
}

function scriptFor(name: string | undefined, fallback: Script): Script | undefined {
  // "default" names the script the server was started with (the agent runtime's agent id).
  if (name === undefined || name === "default") return fallback;
  return Object.hasOwn(scenarios, name) ? scenarios[name as keyof typeof scenarios] : undefined;
}

/**
 * What a stop request's body asks to stop, read as CopilotKit's runtime (1.74) reads it: no body
 * or `{}` is the thread's run, `{runId}` that run only, anything else a 400.
 */
function stopScope(text: string): { runId?: string } | { status: 400; error: string } {
  const invalid = { status: 400, error: "Invalid stop request" } as const;
  let body: unknown;
  try {
    body = text.trim() ? JSON.parse(text) : {};
  } catch {
    return invalid;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return invalid;
  if (Object.keys(body).some((key) => key !== "runId")) return invalid;
  if (!("runId" in body)) return {};
  const { runId } = body as { runId: unknown };
  if (typeof runId !== "string" || !runId.trim()) return { status: 400, error: "Invalid runId" };
  return { runId };
}

const STOP = /^\/agent\/(?<agentId>[^/]*)\/stop\/(?<threadId>[^/]+)\/?$/;
/** Where the mock takes feedback (Tandem's `feedback` option): a `CUSTOM` event per rating. */
const FEEDBACK = /^\/feedback\/?$/;
const CAPABILITIES = /^(?:\/(?<scenario>[a-z0-9-]+))?\/capabilities\/?$/;
/** Where a run is joined from elsewhere (the client's `resume` URL template): GET with `Last-Event-ID`. */
const RESUME = /^\/resume\/(?<threadId>[^/]+)\/(?<runId>[^/]+)\/?$/;

/** Starts a scripted agent on a local port. */
export async function startMockAgent(options: MockAgentOptions = {}): Promise<MockAgent> {
  const { port = 0, host = "127.0.0.1", tokenDelayMs = 0, busyThreads = false } = options;
  const defaultName = typeof options.scenario === "function" ? undefined : (options.scenario ?? "agentic-chat");
  const defaultScript: Script = typeof options.scenario === "function" ? options.scenario : scenarios[defaultName!];
  const requests: RecordedRequest[] = [];
  /** With a recording, every POST to an agent is matched to the next recorded run. */
  const replay = options.recording === undefined ? undefined : new Replay(options.recording, options.timing);
  const history = new ThreadHistory();
  const threads = mockThreads(CORS);
  const sockets = new Set<Socket>();
  /** The run in progress on each thread: what `POST /agent/:agentId/stop/:threadId` aborts. */
  const running = new Map<string, { runId: string; controller: AbortController }>();
  const resumable = new MockRuns({ windowMs: options.resumeWindowMs ?? 30_000, dropAfter: options.dropAfter });
  const holds = new Holds();

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://local");
    const path = url.pathname;
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]));
    if (THREADS.test(path)) {
      // The thread store answers its own preflights (it allows credentials) and reads its own body
      // (a save is checked, then merged as Tandem's stores merge).
      if (req.method !== "OPTIONS") requests.push({ method: req.method ?? "GET", path, headers, body: undefined });
      return threads(req, res);
    }
    if (req.method === "OPTIONS") {
      res.writeHead(204, CORS);
      res.end();
      return;
    }
    const text = req.method === "POST" ? await readBody(req) : "";
    let body: unknown = text || undefined;
    try {
      if (text) body = JSON.parse(text);
    } catch {
      // recorded as text; answered with 400 below
    }
    requests.push({ method: req.method ?? "GET", path, headers, body });
    if (req.method === "GET" && path === "/health") {
      res.writeHead(200, { ...CORS, "content-type": "text/plain" });
      res.end("ok");
      return;
    }
    const stop = req.method === "POST" ? path.match(STOP)?.groups : undefined;
    if (stop) {
      // As CopilotKit's runtime answers it: 400 for a body it does not take, else 200 saying
      // whether a run was stopped.
      const scope = stopScope(text);
      if ("error" in scope) return sendJson(res, scope.status, { error: scope.error });
      const threadId = decodeURIComponent(stop.threadId!);
      const run = running.get(threadId);
      if (!run) return sendJson(res, 200, { stopped: false, message: `No active run for thread '${threadId}'.` });
      if (scope.runId !== undefined && scope.runId !== run.runId)
        return sendJson(res, 200, { stopped: false, message: `Run '${scope.runId}' is not the active run for thread '${threadId}'.` });
      run.controller.abort();
      running.delete(threadId);
      return sendJson(res, 200, { stopped: true });
    }
    if (req.method === "POST" && FEEDBACK.test(path)) {
      const event = body as { type?: unknown; name?: unknown } | undefined;
      if (event?.type !== "CUSTOM" || typeof event.name !== "string")
        return sendJson(res, 400, { error: 'Feedback must be an AG-UI CUSTOM event ({"type":"CUSTOM","name":…,"value":…})' });
      res.writeHead(204, CORS);
      res.end();
      return;
    }
    const capabilities = req.method === "GET" ? path.match(CAPABILITIES)?.groups : undefined;
    if (capabilities) {
      const name = capabilities.scenario;
      if (name !== undefined && !hasScenario(name))
        return sendJson(res, 404, { error: `Nothing at GET ${path} (unknown scenario "${name}")` });
      return sendJson(res, 200, capabilitiesOf(name ?? defaultName));
    }
    const join = req.method === "GET" ? path.match(RESUME)?.groups : undefined;
    if (join) {
      const writer = agUi.writer({ path, headers, params: {}, history }, {} as never);
      const key = MockRuns.key(decodeURIComponent(join.threadId!), decodeURIComponent(join.runId!));
      return resumable.resume(req, res, key, headers["last-event-id"] ?? "", writer);
    }
    const replayed = replay && req.method === "POST" ? ({ method: "POST", pattern: /^/, dialect: replay.dialect() } as const) : undefined;
    const route = replayed ?? routes.find((r) => r.method === req.method && r.pattern.test(path));
    const params: Record<string, string> = { ...path.match(route?.pattern ?? /$^/)?.groups };
    if (route?.method === "GET") {
      const answer = route.answer({ path, headers, params, history }, url.searchParams);
      return sendJson(res, answer.status, answer.body);
    }
    const script = replay && replayed ? replay.script(path) : route && scriptFor(params.scenario, defaultScript);
    if (!route || !script) {
      return sendJson(res, 404, {
        error: `Nothing at ${req.method} ${path}${params.scenario ? ` (unknown agent or scenario "${params.scenario}")` : ""}`,
      });
    }
    if (typeof body !== "object" || body === null) return sendJson(res, 400, { error: "The request body must be JSON" });

    const info: RequestInfo = { path, headers, params, history };
    const input = route.dialect.parse(body, info);
    const writer = route.dialect.writer(info, input);
    if (busyThreads && running.has(input.threadId)) {
      // Like CopilotKit's runtime while a run on the thread is still going (the client went away
      // without stopping it): a 200 event stream with no events at all.
      res.writeHead(200, { ...CORS, "content-type": writer.contentType, "cache-control": "no-cache" });
      res.end();
      return;
    }
    const lastEventId = headers["last-event-id"];
    // Runs are kept by thread and run: a runId named with another thread's id finds nothing.
    const runKey = MockRuns.key(input.threadId, input.runId);
    if (writer.resumable && lastEventId) return resumable.resume(req, res, runKey, lastEventId, writer);
    // The same run asked for again without Last-Event-ID reads it from its first event: its turn
    // (and its tools) never run twice.
    if (writer.resumable && (await resumable.holds(runKey))) return resumable.resume(req, res, runKey, "", writer);
    const thread = history.get(input.threadId);
    const controller = new AbortController();
    // Resumable (AG-UI over SSE): the run goes on for a while when its client goes away, so the
    // client can read on with Last-Event-ID. A busy-thread server keeps running anyway; only a
    // stop request ends the run.
    const logged = writer.resumable === true;
    if (logged) resumable.begin(runKey, controller);
    if (logged && !busyThreads) res.on("close", resumable.attach(runKey));
    else if (!busyThreads) res.on("close", () => controller.abort());
    const drop = resumable.dropper();
    let ended = false;
    let cutting = false;
    const gone = () => res.destroyed || res.writableEnded;
    const context = { tokenDelayMs, signal: controller.signal, history: structuredClone(thread.messages), requestIndex: thread.requests++ };
    history.merge(input.threadId, input.messages);
    running.set(input.threadId, { runId: input.runId, controller });
    try {
      const reply = await script(input, context);
      if (isPlainReply(reply)) {
        const json = reply.body !== undefined && typeof reply.body !== "string";
        const type = json ? { "content-type": "application/json" } : reply.body ? { "content-type": "text/plain" } : {};
        res.writeHead(reply.status, { ...CORS, ...type, ...reply.headers });
        res.end(json ? JSON.stringify(reply.body) : reply.body);
        return;
      }
      if (!isStream(reply)) throw new Error("The script returned neither a reply nor a stream of steps");

      res.writeHead(200, { ...CORS, "content-type": writer.contentType, "cache-control": "no-cache" });
      const held = holds.stream(path);
      for await (const step of reply) {
        if (controller.signal.aborted) break;
        if (isEvent(step)) {
          // Like the official replay server: a missing or null timestamp is filled in.
          const event = step.timestamp == null ? { ...step, timestamp: Date.now() } : step;
          history.record(input.threadId, event);
          ended ||= event.type === "RUN_FINISHED" || event.type === "RUN_ERROR";
          const id = logged ? await resumable.log.append(runKey, event as never) : undefined;
          if (!gone() && !cutting) {
            res.write(writer.encode(event, id));
            // Fault mode: this response is cut, the run goes on into the log.
            if (drop()) {
              cutting = true;
              void cut(req, res, DROP_PAUSE_MS);
            }
          }
          // A test holds the stream here until it releases it (the run stays as it is now).
          const hold = held(event, controller.signal);
          if (hold) await hold;
        } else if ("delay" in step) await sleep(step.delay, undefined, { signal: controller.signal }).catch(() => {});
        else if ("raw" in step) {
          if (!gone()) res.write(step.raw);
        } else {
          await cut(req, res);
          return;
        }
      }
      if (!gone()) res.end(controller.signal.aborted ? undefined : writer.end?.());
    } finally {
      if (logged) resumable.finish(runKey, ended);
      if (running.get(input.threadId)?.controller === controller) running.delete(input.threadId);
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent || res.destroyed) {
        res.destroy();
        return;
      }
      if (error instanceof RequestError) return sendJson(res, error.status, { error: error.message });
      sendJson(res, 500, { error: error instanceof Error ? error.message : String(error) });
    });
  });
  // The proposed AG-UI WebSocket binding on the same port, at the same paths (ws://host/agentic-chat).
  let baseUrl = "";
  const webSockets = agentSocketHandler({ runs: socketRuns(() => baseUrl), source: () => [], onError: () => {} });
  server.on("upgrade", (req, socket, head) => {
    if (!webSockets.upgrade(req, socket, head)) socket.destroy();
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  baseUrl = `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
  return {
    url: `${baseUrl}/`,
    baseUrl,
    requests,
    hold: (at: HoldAt) => holds.add(at),
    close: () =>
      new Promise<void>((resolve) => {
        holds.clear();
        void webSockets.close();
        for (const run of running.values()) run.controller.abort();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

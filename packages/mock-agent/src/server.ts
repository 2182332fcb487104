import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { RequestError, routes, type RequestInfo } from "./dialects";
import { ThreadHistory } from "./history";
import { scenarios } from "./scenarios";
import { isEvent, type MockAgent, type MockAgentOptions, type RecordedRequest, type Reply, type Script, type Step } from "./types";

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-allow-headers": "*",
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

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });

function isPlainReply(reply: Reply): reply is Extract<Reply, { status: number }> {
  return typeof (reply as { status?: unknown }).status === "number";
}

/** Starts a scripted agent on a local port. */
export async function startMockAgent(options: MockAgentOptions = {}): Promise<MockAgent> {
  const { port = 0, host = "127.0.0.1", tokenDelayMs = 0 } = options;
  const defaultScript: Script =
    typeof options.scenario === "function" ? options.scenario : scenarios[options.scenario ?? "agentic-chat"];
  const requests: RecordedRequest[] = [];
  const history = new ThreadHistory();
  const sockets = new Set<Socket>();

  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://local").pathname;
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]));
    if (req.method === "OPTIONS") {
      res.writeHead(204, CORS);
      res.end();
      return;
    }
    const text = req.method === "POST" ? await readBody(req) : "";
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // recorded as text; answered with 400 below
    }
    requests.push({ method: req.method ?? "GET", path, headers, body });
    if (req.method === "GET" && path === "/health") {
      res.writeHead(200, { ...CORS, "content-type": "text/plain" });
      res.end("ok");
      return;
    }
    const route = routes.find((r) => r.method === req.method && r.pattern.test(path));
    const params: Record<string, string> = { ...path.match(route?.pattern ?? /$^/)?.groups };
    if (route?.method === "GET") {
      const { status, body: answer } = route.answer({ path, headers, params, history }, new URL(req.url ?? "/", "http://local").searchParams);
      return sendJson(res, status, answer);
    }
    // "default" names the script the server was started with (the agent runtime's agent id).
    const script = params.scenario === undefined || params.scenario === "default" ? defaultScript : scenarios[params.scenario as keyof typeof scenarios];
    if (!route || !script) return sendJson(res, 404, { error: `Nothing at ${req.method} ${path}${params.scenario ? ` (unknown agent or scenario "${params.scenario}")` : ""}` });
    if (typeof body !== "object" || body === null) return sendJson(res, 400, { error: "The request body must be JSON" });

    const info: RequestInfo = { path, headers, params, history };
    const controller = new AbortController();
    res.on("close", () => controller.abort());
    try {
      const input = route.dialect.parse(body, info);
      const thread = history.get(input.threadId);
      const context = { tokenDelayMs, signal: controller.signal, history: [...thread.messages], requestIndex: thread.requests++ };
      history.merge(input.threadId, input.messages);
      const reply = await script(input, context);
      if (isPlainReply(reply)) {
        const payload = typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body ?? {});
        res.writeHead(reply.status, { ...CORS, "content-type": typeof reply.body === "string" ? "text/plain" : "application/json", ...reply.headers });
        res.end(payload);
        return;
      }
      const writer = route.dialect.writer(info, input);
      res.writeHead(200, { ...CORS, "content-type": writer.contentType, "cache-control": "no-cache" });
      for await (const step of reply as AsyncIterable<Step>) {
        if (controller.signal.aborted) return;
        if (isEvent(step)) {
          const event = step.timestamp == null ? { ...step, timestamp: Date.now() } : step;
          history.record(input.threadId, event);
          res.write(writer.encode(event));
        } else if ("delay" in step) await sleep(step.delay, controller.signal);
        else if ("raw" in step) res.write(step.raw);
        else {
          req.socket.destroy();
          return;
        }
      }
      const tail = writer.end?.();
      res.end(tail);
    } catch (error) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof RequestError) return sendJson(res, error.status, { error: error.message });
      sendJson(res, 500, { error: error instanceof Error ? error.message : String(error) });
    }
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
  const baseUrl = `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
  return {
    url: `${baseUrl}/`,
    baseUrl,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

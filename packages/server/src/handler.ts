import type { IncomingMessage, ServerResponse } from "node:http";
import type { RunAgentInput } from "@ag-ui/core";
import type { EventSource } from "./agentEvents.js";
import type { ResumableRuns } from "./resumableRuns.js";

/** Options for `agentHandler`. */
export interface AgentHandlerOptions {
  /** The runs it serves (`resumableRuns({ authorize, … })`). */
  runs: ResumableRuns<IncomingMessage>;
  /** A new run's events: an agent to run, or an (async) iterable of AG-UI events. */
  source: (input: RunAgentInput, request: IncomingMessage) => EventSource;
  /** The largest request body it reads (default 1 MiB); a larger one is answered 413. */
  maxBodyBytes?: number;
  /**
   * The join endpoint, matched against the path of a GET (default `/resume/:threadId/:runId`):
   * its first two groups are the thread and run ids, URI-encoded.
   */
  joinPath?: RegExp;
  /** Headers added to every response (e.g. CORS headers). */
  headers?: Record<string, string>;
}

const JOIN = /^\/resume\/([^/]+)\/([^/]+)\/?$/;

/** A request the handler refuses, with its status. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(req.headers["content-length"]);
  if (declared > limit) throw new Refusal(413, `The request body is larger than ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Refusal(413, `The request body is larger than ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The request's body as an AG-UI `RunAgentInput`, its optional fields filled in; a `Refusal` when it is not one. */
function parseInput(text: string): RunAgentInput {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Refusal(400, "The request body must be JSON");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new Refusal(400, "The request body must be a JSON object");
  const input = body as Partial<RunAgentInput>;
  if (typeof input.threadId !== "string" || typeof input.runId !== "string")
    throw new Refusal(400, "The request needs a threadId and a runId");
  for (const field of ["messages", "tools", "context"] as const)
    if (input[field] !== undefined && !Array.isArray(input[field])) throw new Refusal(400, `${field} must be an array`);
  return { messages: [], tools: [], context: [], state: {}, forwardedProps: {}, ...input } as RunAgentInput;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new Refusal(400, "The path is not URI-encoded");
  }
}

/**
 * A `node:http` request listener for an AG-UI agent with resumable runs: a POST (any path) with
 * a `RunAgentInput` body starts, joins or resumes (`Last-Event-ID`) a run; a GET of the join path
 * joins one. Malformed requests get a 4xx (400 for a body that is not a run's input, 405 for
 * another method, 413 for a body over `maxBodyBytes`), never a crash: the listener never rejects.
 * Express and other servers built on `node:http` mount it as it is.
 */
export function agentHandler(options: AgentHandlerOptions): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const { runs, source, maxBodyBytes = 1024 * 1024, joinPath = JOIN, headers = {} } = options;
  return async (req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    try {
      if (req.method === "OPTIONS") {
        res.writeHead(204);
        res.end();
        return;
      }
      const path = new URL(req.url ?? "/", "http://local").pathname;
      const join = req.method === "GET" ? joinPath.exec(path) : null;
      if (join) return await runs.join(req, res, { threadId: decode(join[1] ?? ""), runId: decode(join[2] ?? "") });
      if (req.method !== "POST") throw new Refusal(405, `${req.method} is not served here: POST a run, or GET the join endpoint`);
      const input = parseInput(await readBody(req, maxBodyBytes));
      await runs.handle(req, res, input, () => source(input, req));
    } catch (error) {
      if (res.headersSent || res.destroyed) {
        res.destroy();
        return;
      }
      const status = error instanceof Refusal ? error.status : 500;
      const message = error instanceof Refusal ? error.message : "The server failed";
      // A body that was not read to its end leaves the connection unusable: close it after the answer.
      res.writeHead(status, { "content-type": "application/json", ...(status === 413 ? { connection: "close" } : {}) });
      res.end(JSON.stringify({ error: message }));
    }
  };
}

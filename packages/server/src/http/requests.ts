import type { IncomingMessage, ServerResponse } from "node:http";

/** A request a handler refuses, with its status (4xx) and the reason it tells the client. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Headers sent with the answer (`Allow` for a 405). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The 413 `Refusal` of a body over `limit` bytes. */
export const tooLarge = (limit: number): Refusal => new Refusal(413, `The request body is larger than ${limit} bytes`);

/**
 * The error of a handler mounted after a body parser (Express's `express.json()`, Fastify's own):
 * the body is gone, and answering 400 for it would blame the client. A 500, and `onError` says why.
 */
export const bodyAlreadyRead = (): Error =>
  new Error(
    "The request body was read before the handler could read it: a body parser ran first (express.json(), Fastify's parsers). Mount the handler before it, or keep it off the handler's path.",
  );

/** The request's body as text, read up to `limit` bytes; a 413 `Refusal` past it. */
export async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  if (req.readableEnded) throw bodyAlreadyRead();
  if (Number(req.headers["content-length"]) > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** `text` parsed as JSON; a 400 `Refusal` when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Refusal(400, "The request body must be JSON");
  }
}

/** The request's body parsed as JSON; a 400 `Refusal` when it is not JSON. */
export async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  return parseJson(await readBody(req, limit));
}

/** A path segment, URI-decoded; a 400 `Refusal` when it is not URI-encoded. */
export function decodeSegment(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new Refusal(400, "The path is not URI-encoded");
  }
}

/** Sends `body` as JSON with `status`. */
export function answerJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/**
 * Answers a request that failed: a `Refusal` with its status and reason, anything else with 500
 * and no detail (`report` gets the error). A response already under way is cut off instead.
 */
export function answerFailure(res: ServerResponse, error: unknown, report: (error: unknown) => void): void {
  if (!(error instanceof Refusal)) report(error);
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const status = error instanceof Refusal ? error.status : 500;
  const message = error instanceof Refusal ? error.message : "The server failed";
  // A body that was not read to its end leaves the connection unusable: close it after the answer.
  answerJson(
    res,
    status,
    { error: message },
    { ...(error instanceof Refusal ? error.headers : {}), ...(status === 413 ? { connection: "close" } : {}) },
  );
}

/** Ends the response with `204 No Content`. */
export function answerEmpty(res: ServerResponse): void {
  res.writeHead(204);
  res.end();
}

/**
 * A `node:http` listener around `handle`: `headers` on every response, `OPTIONS` (a CORS
 * preflight) answered 204, and whatever `handle` throws answered by `answerFailure`, so the
 * listener never rejects.
 */
export function listener(
  headers: Record<string, string>,
  report: (error: unknown) => void,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    try {
      if (req.method === "OPTIONS") return answerEmpty(res);
      await handle(req, res);
    } catch (error) {
      answerFailure(res, error, report);
    }
  };
}

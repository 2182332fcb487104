import { createParser } from "eventsource-parser";
import type { HttpOptions } from "./types.js";

/** An HTTP failure as the run loop reports it: the status, and the body's message if it has one. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly payload: unknown,
  ) {
    super(`HTTP ${status}: ${typeof payload === "string" ? payload : JSON.stringify(payload)}`);
    this.name = "HttpError";
  }
}

/** A request with the options' headers resolved for this request; they win over `defaults`. */
export async function request(
  options: HttpOptions,
  url: string,
  init: RequestInit & { headers?: Record<string, string> },
): Promise<Response> {
  const headers = new Headers(init.headers);
  const extra = typeof options.headers === "function" ? await options.headers() : options.headers;
  for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
  const response = await (options.fetch ?? fetch)(url, { ...init, headers });
  if (!response.ok) throw new HttpError(response.status, await readBody(response));
  return response;
}

/** POSTs `body` as JSON; with `lastEventId`, as a resume of a stream after that event. */
export function postJson(
  options: HttpOptions,
  url: string,
  body: unknown,
  accept: string,
  signal: AbortSignal,
  lastEventId?: string | null,
): Promise<Response> {
  return request(options, url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: accept, ...(lastEventId != null && { "Last-Event-ID": lastEventId }) },
    body: JSON.stringify(body),
    signal,
  });
}

/** GETs JSON. */
export async function getJson<T>(options: HttpOptions, url: string, signal: AbortSignal): Promise<T> {
  const response = await request(options, url, { headers: { Accept: "application/json" }, signal });
  return (await response.json()) as T;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** One Server-Sent Event: its `data`, and its `id` when it has one. */
export interface SseMessage {
  data: string;
  id?: string;
}

/**
 * The Server-Sent Events of a response body, read as the SSE spec says: LF, CR or CRLF line
 * endings, comments, `event:`/`id:`/`retry:` fields, multi-line data, a BOM, and chunks split
 * anywhere (inside a UTF-8 character too).
 */
export async function* sseMessages(response: Response): AsyncGenerator<SseMessage> {
  const ready: SseMessage[] = [];
  const parser = createParser({ onEvent: ({ data, id }) => ready.push(id === undefined ? { data } : { data, id }) });
  const decoder = new TextDecoder();
  let endsWithCR = false;
  const feed = (text: string) => {
    if (text === "") return;
    parser.feed(text);
    endsWithCR = text.endsWith("\r");
  };
  for await (const chunk of bodyChunks(response)) {
    feed(decoder.decode(chunk, { stream: true }));
    yield* ready.splice(0);
  }
  feed(decoder.decode());
  // The parser holds a final CR in case an LF follows; at the end of the stream it ends a line.
  if (endsWithCR) parser.feed("\n");
  yield* ready.splice(0);
}

/** The `data` of each Server-Sent Event in a response body (see `sseMessages`). */
export async function* sseData(response: Response): AsyncGenerator<string> {
  for await (const message of sseMessages(response)) yield message.data;
}

/** The bytes of a response body as they arrive. */
export async function* bodyChunks(response: Response): AsyncGenerator<Uint8Array> {
  if (!response.body) return;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

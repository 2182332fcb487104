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
  // An undefined `credentials` leaves fetch its default (same-origin).
  const response = await (options.fetch ?? fetch)(url, { ...init, headers, credentials: options.credentials });
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

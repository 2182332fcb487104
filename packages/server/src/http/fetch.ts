import { bodyAlreadyRead, parseJson, Refusal, tooLarge } from "./requests.js";

/** A Fetch request's body as text, read up to `limit` bytes; a 413 `Refusal` past it (the rest is not read). */
export async function readFetchBody(request: Request, limit: number): Promise<string> {
  if (request.bodyUsed) throw bodyAlreadyRead();
  if (Number(request.headers.get("content-length")) > limit) throw tooLarge(limit);
  if (request.body === null) return "";
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** A Fetch request's body parsed as JSON; a 400 `Refusal` when it is not JSON, 413 past `limit` bytes. */
export async function readFetchJson(request: Request, limit: number): Promise<unknown> {
  return parseJson(await readFetchBody(request, limit));
}

/**
 * The Fetch counterpart of `listener`: `headers` on every response, `OPTIONS` (a CORS preflight)
 * answered 204, a `Refusal` answered with its status and reason, anything else with 500 and no
 * detail (`report` gets the error); the handler never rejects.
 */
export function fetchListener(
  headers: Record<string, string>,
  report: (error: unknown) => void,
  handle: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    let response: Response;
    try {
      response = request.method === "OPTIONS" ? new Response(null, { status: 204 }) : await handle(request);
    } catch (error) {
      if (!(error instanceof Refusal)) report(error);
      response =
        error instanceof Refusal
          ? Response.json({ error: error.message }, { status: error.status, headers: error.headers })
          : Response.json({ error: "The server failed" }, { status: 500 });
    }
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  };
}

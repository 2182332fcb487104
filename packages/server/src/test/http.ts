import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";

// biome-ignore lint/suspicious/noExplicitAny: tests read events field by field, as loosely-typed JSON.
export type Event = Record<string, any>;

export const input = (overrides: Partial<RunAgentInput> = {}): RunAgentInput => ({
  threadId: "t",
  runId: "r",
  messages: [],
  tools: [],
  context: [],
  state: {},
  forwardedProps: {},
  ...overrides,
});

/** Starts a real HTTP server on 127.0.0.1 and a free port; resolves to its base URL and a way to close it. */
export async function listen(listener: http.RequestListener): Promise<{ url: string; server: http.Server; close(): Promise<void> }> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A `node:http` listener that hands each request to a Fetch handler, as Fetch-style servers
 * (Hono's Node server, Next.js) do: a `Request` whose body is the request's stream, unread, and
 * whose signal aborts when the client goes away; the `Response` is written back as it streams.
 */
export function fetchBridge(handle: (request: Request) => Response | Promise<Response>): http.RequestListener {
  return async (req, res) => {
    const controller = new AbortController();
    res.on("close", () => controller.abort());
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    const method = req.method ?? "GET";
    const body = method === "GET" || method === "HEAD" ? {} : { body: Readable.toWeb(req) as ReadableStream, duplex: "half" };
    const response = await handle(
      new Request(`http://${req.headers.host ?? "local"}${req.url ?? "/"}`, {
        method,
        headers,
        signal: controller.signal,
        ...body,
      } as RequestInit),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    const reader = response.body?.getReader();
    try {
      for (;;) {
        const step = await reader?.read();
        if (!step || step.done) break;
        if (!res.write(step.value)) await Promise.race([once(res, "drain"), once(res, "close")]);
        if (res.destroyed) break;
      }
    } catch {
      res.destroy(); // the body failed: the response is cut off, as a server does
    }
    if (res.destroyed) await reader?.cancel().catch(() => {});
    else res.end();
  };
}

/** Posts an AG-UI request; returns the response, unread. */
export function post(url: string, overrides: Partial<RunAgentInput> = {}, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream", ...headers },
    body: JSON.stringify(input(overrides)),
  });
}

/** Reads a body until its end or its connection drops; resolves to what arrived. */
export async function readAll(response: Response): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    return text;
  }
}

/** Reads a body until `count` whole SSE frames arrived, then drops the connection; resolves to those frames' text. */
export async function readFramesThenDrop(response: Response, count: number): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (text.split("\n\n").length - 1 < count) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text.split("\n\n").slice(0, count).join("\n\n") + (count > 0 ? "\n\n" : "");
}

/** The events of an SSE body. */
export const parseSse = (text: string): Event[] =>
  text
    .split("\n\n")
    .map((frame) => frame.split("\n").find((line) => line.startsWith("data: ")))
    .filter((line) => line !== undefined)
    .map((line) => JSON.parse(line.slice(6)));

/** The `id:` of each event of an SSE body. */
export const sseIds = (text: string): string[] => [...text.matchAll(/^id: (.*)$/gm)].map((m) => m[1]!);

/** The text the assistant said in an SSE body. */
export const said = (text: string): string =>
  parseSse(text)
    .filter((e) => e.type === "TEXT_MESSAGE_CONTENT")
    .map((e) => e.delta)
    .join("");

/** A run's events: RUN_STARTED, one message of `words` (its id `messageId`), RUN_FINISHED. */
export const wordsOf = (words: string[], threadId = "t", runId = "r", messageId = "m"): BaseEvent[] => [
  { type: "RUN_STARTED", threadId, runId } as BaseEvent,
  { type: "TEXT_MESSAGE_START", messageId, role: "assistant" } as BaseEvent,
  ...words.map((delta) => ({ type: "TEXT_MESSAGE_CONTENT", messageId, delta }) as BaseEvent),
  { type: "TEXT_MESSAGE_END", messageId } as BaseEvent,
  { type: "RUN_FINISHED", threadId, runId } as BaseEvent,
];

/** `events`, one every `delayMs`. */
export async function* paced(events: BaseEvent[], delayMs: number): AsyncGenerator<BaseEvent> {
  for (const event of events) {
    yield event;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
}

/** Resolves once `check` holds, polling every 10 ms; rejects after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("Timed out waiting for a condition");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

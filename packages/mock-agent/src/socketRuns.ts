import type { IncomingMessage } from "node:http";
import type { SocketRuns } from "@tandem/server";

/** The body of a request that names a run without starting it (a resume): the mock reads only its ids. */
const named = (threadId: string, runId: string) => ({
  threadId,
  runId,
  messages: [],
  tools: [],
  context: [],
  state: {},
  forwardedProps: {},
});

/** A response's body as text chunks, as the socket handler reads SSE. */
async function* textOf(response: Response): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  for await (const chunk of response.body ?? []) yield decoder.decode(chunk as Uint8Array, { stream: true });
}

/**
 * The mock agent's runs as the WebSocket binding reads them: each `run`, `resume` and `join`
 * frame is the HTTP request it stands for, made to the mock itself at the socket's path (a
 * `POST` with the input, with `Last-Event-ID` for a resume; the join endpoint for a join), and
 * `stop` is its stop endpoint. So the socket gets everything the HTTP binding has (scenarios,
 * resumable runs, holds, `dropAfter`: a cut response closes the socket) with no second copy.
 * @internal the mock's own wiring, not part of its API (its declaration would need Node's types)
 */
export function socketRuns(baseUrl: () => string): SocketRuns<IncomingMessage> {
  return {
    async open({ request, threadId, runId, input, lastEventId, join, signal }) {
      const base = baseUrl();
      const path = new URL(request.url ?? "/", "http://local").pathname;
      const resumeHeader: Record<string, string> = lastEventId ? { "last-event-id": lastEventId } : {};
      const response = join
        ? await fetch(`${base}/resume/${encodeURIComponent(threadId)}/${encodeURIComponent(runId)}`, { headers: resumeHeader, signal })
        : await fetch(`${base}${path}`, {
            method: "POST",
            headers: { "content-type": "application/json", accept: "text/event-stream", ...resumeHeader },
            body: JSON.stringify(input ?? named(threadId, runId)),
            signal,
          });
      if (response.status === 200) return { status: 200, frames: textOf(response) };
      const body = (await response.json().catch(() => ({}))) as { error?: unknown };
      return { status: response.status, error: typeof body.error === "string" ? body.error : `HTTP ${response.status}` };
    },
    async stop(threadId, runId) {
      const response = await fetch(`${baseUrl()}/agent/default/stop/${encodeURIComponent(threadId)}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ runId }),
      });
      return ((await response.json()) as { stopped?: boolean }).stopped === true;
    },
  };
}

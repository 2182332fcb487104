import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { AGUI_MEDIA_TYPE, EventEncoder } from "@ag-ui/encoder";
import { type Dialect, RequestError } from "./types.js";

const SSE = "text/event-stream";

/** The media ranges of an Accept header with their q-values (1 when not given). */
function mediaRanges(accept: string): Array<{ type: string; q: number }> {
  return accept
    .split(",")
    .map((part) => {
      const [type = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
      const q = params.find((p) => p.startsWith("q="));
      const value = q === undefined ? 1 : Number(q.slice(2));
      return { type, q: Number.isFinite(value) ? value : 0 };
    })
    .filter((range) => range.type.includes("/"));
}

/**
 * Protobuf only when the Accept header names its media type, with a q-value no lower than SSE's.
 * Wildcard ranges (curl and `fetch` send "any type") do not count: everyone else gets SSE, the
 * format every AG-UI client reads.
 */
export function wantsProtobuf(accept: string | undefined): boolean {
  const ranges = mediaRanges(accept ?? "");
  const named = ranges.filter((r) => r.type === AGUI_MEDIA_TYPE);
  if (named.length === 0) return false;
  const protoQ = Math.max(...named.map((r) => r.q));
  // The most specific range that covers SSE decides its q-value (RFC 9110, 12.5.1).
  const sse = [SSE, "text/*", "*/*"].map((type) => ranges.filter((r) => r.type === type)).find((found) => found.length > 0);
  const sseQ = sse ? Math.max(...sse.map((r) => r.q)) : 0;
  return protoQ > 0 && protoQ >= sseQ;
}

/** AG-UI: a RunAgentInput in, SSE `data: {json}` frames (or protobuf when the client names it) out. */
export const agUi: Dialect = {
  parse(body) {
    const input = body as Partial<RunAgentInput> | null;
    if (!input || typeof input !== "object" || typeof input.threadId !== "string" || !Array.isArray(input.messages)) {
      throw new RequestError(400, "Expected a RunAgentInput with threadId and messages");
    }
    return { runId: `run-${Date.now().toString(36)}`, tools: [], context: [], state: {}, forwardedProps: {}, ...input } as RunAgentInput;
  },
  writer({ headers }) {
    if (wantsProtobuf(headers.accept)) {
      // The official encoder frames protobuf (a 4-byte length before each message).
      const encoder = new EventEncoder({ accept: AGUI_MEDIA_TYPE });
      return { contentType: AGUI_MEDIA_TYPE, encode: (event) => encoder.encodeBinary(event as BaseEvent) };
    }
    // The encoder's SSE path drops optional null fields; scripts' events go out verbatim, malformed ones included.
    // Every event carries an `id:`: a dropped stream is resumed with `Last-Event-ID` (see resumable/).
    return {
      contentType: SSE,
      resumable: true,
      encode: (event, id) => `${id === undefined ? "" : `id: ${id}\n`}data: ${JSON.stringify(event)}\n\n`,
    };
  },
};

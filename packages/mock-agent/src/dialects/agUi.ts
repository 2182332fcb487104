import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { EventEncoder } from "@ag-ui/encoder";
import { type Dialect, RequestError } from "./types.js";

/** AG-UI: a RunAgentInput in, SSE `data: {json}` frames (or protobuf when the Accept header asks) out. */
export const agUi: Dialect = {
  parse(body) {
    const input = body as Partial<RunAgentInput> | null;
    if (!input || typeof input !== "object" || typeof input.threadId !== "string" || !Array.isArray(input.messages)) {
      throw new RequestError(400, "Expected a RunAgentInput with threadId and messages");
    }
    return { runId: `run-${Date.now().toString(36)}`, tools: [], context: [], state: {}, forwardedProps: {}, ...input } as RunAgentInput;
  },
  writer({ headers }) {
    // The official encoder negotiates (q-values included) and frames protobuf.
    const encoder = new EventEncoder({ accept: headers.accept ?? "" });
    const contentType = encoder.getContentType();
    if (contentType !== "text/event-stream") return { contentType, encode: (event) => encoder.encodeBinary(event as BaseEvent) };
    // Its SSE path drops optional null fields; scripts' events go out verbatim, malformed ones included.
    return { contentType, encode: (event) => `data: ${JSON.stringify(event)}\n\n` };
  },
};

import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { EventEncoder } from "@ag-ui/encoder";
import { type Dialect, RequestError } from "./types";

const PROTO = "application/vnd.ag-ui.event+proto";

/** AG-UI: a RunAgentInput in, SSE `data: {json}` frames (or protobuf when asked) out. */
export const agUi: Dialect = {
  parse(body) {
    const input = body as Partial<RunAgentInput> | null;
    if (!input || typeof input !== "object" || typeof input.threadId !== "string" || !Array.isArray(input.messages)) {
      throw new RequestError(400, "Expected a RunAgentInput with threadId and messages");
    }
    return { runId: `run-${Date.now().toString(36)}`, tools: [], context: [], state: {}, forwardedProps: {}, ...input } as RunAgentInput;
  },
  writer({ headers }) {
    if ((headers.accept ?? "").includes(PROTO)) {
      const encoder = new EventEncoder({ accept: PROTO });
      return { contentType: PROTO, encode: (event) => encoder.encodeBinary(event as BaseEvent) };
    }
    // Verbatim JSON, not the encoder's: tests send events the schema would refuse.
    return { contentType: "text/event-stream", encode: (event) => `data: ${JSON.stringify(event)}\n\n` };
  },
};

import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { loadOnce } from "../util/loadOnce.js";
import { getJson, postJson, request } from "./http.js";
import { reconnectingEvents } from "./lazyReconnect.js";
import { loadSse } from "./lazySse.js";
import type { IdentifiedEvent, OpenStream } from "./reconnect.js";
import { fillTemplate } from "./stopRequest.js";
import type { AgUiOptions, RunHooks, Transport } from "./types.js";

/** The protobuf decoder, a chunk of its own loaded for the first protobuf response. */
const loadProtobuf = loadOnce(() => import("./protobuf.js"));

const PROTO_MEDIA_TYPE = "application/vnd.ag-ui.event+proto";

/**
 * AG-UI over HTTP: POST `RunAgentInput`, read SSE, or protobuf when the server answers with
 * it (ask with `headers: { Accept: "application/vnd.ag-ui.event+proto" }`). The protobuf
 * framing (`protobuf.ts`) is imported with the first protobuf response. A stream cut before
 * the run's end is resumed with `Last-Event-ID` when its events have ids (`reconnect.ts`).
 */
export function agUiTransport(options: AgUiOptions): Transport {
  const { capabilities, reconnect, resume } = options;
  return {
    resumable: reconnect !== false,
    run(input, signal, hooks) {
      const open: OpenStream = async (lastEventId, signal) => {
        const response =
          lastEventId !== null && resume
            ? await request(options, fillTemplate(resume, input), {
                headers: { Accept: "text/event-stream", "Last-Event-ID": lastEventId },
                signal,
              })
            : await postJson(options, options.url, outgoing(input), "text/event-stream", signal, lastEventId);
        return events(response, hooks);
      };
      return reconnectingEvents(open, input, signal, hooks, reconnect);
    },
    ...(capabilities !== undefined && { getCapabilities: (signal: AbortSignal) => getJson(options, capabilities, signal) }),
  };
}

/** A response's events: SSE with their ids, or protobuf (which has none; events it skips are told to `hooks.diagnose`). */
async function* events(response: Response, hooks?: RunHooks): AsyncGenerator<IdentifiedEvent> {
  if (response.headers.get("content-type")?.startsWith(PROTO_MEDIA_TYPE)) {
    for await (const event of (await loadProtobuf()).protobufEvents(response, hooks)) yield { event };
    return;
  }
  for await (const { data, id } of (await loadSse()).sseMessages(response))
    yield id === undefined ? { event: parseEvent(data) } : { event: parseEvent(data), id };
}

/** A run's input as the official HttpAgent sends it: a message's `subagentRunId: null` is left out. */
export function outgoing(input: RunAgentInput): RunAgentInput {
  if (!input.messages.some((m) => m.subagentRunId === null)) return input;
  return {
    ...input,
    messages: input.messages.map((m) => {
      if (m.subagentRunId !== null) return m;
      const { subagentRunId: _, ...rest } = m;
      return rest as typeof m;
    }),
  };
}

/** One SSE frame as an event; the official client's checks and wording. */
export function parseEvent(data: string): BaseEvent {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch (error) {
    throw new Error(`Invalid event: the frame is not JSON (${(error as Error).message}): ${data.slice(0, 120)}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error("Invalid event: the frame is not a JSON object.");
  const type = (value as { type?: unknown }).type;
  if (typeof type !== "string" || type.length === 0) throw new Error("Invalid event: the frame carries no event type.");
  return value as BaseEvent;
}

import { createRequire } from "node:module";
import type { Message, RunAgentInput } from "@ag-ui/core";
import { input, parseSse } from "../../../server/src/test/http.js";

// biome-ignore lint/suspicious/noExplicitAny: tests read recorded events field by field, as loosely-typed JSON.
export type Event = Record<string, any>;

// The helpers both packages' tests use live beside @tandem/server's tests.
export { input, parseSse, readAll, sseIds } from "../../../server/src/test/http.js";

let runs = 0;

/**
 * Posts an AG-UI request; returns the response, unread. Each request is a new run (`r1`, `r2`, …)
 * unless `overrides` names one: the mock reads a run it holds again rather than running it twice.
 */
export function request(url: string, overrides: Partial<RunAgentInput> = {}, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream", ...headers },
    body: JSON.stringify(input({ runId: `r${++runs}`, ...overrides })),
  });
}

/** Posts an AG-UI request and returns the parsed SSE events. */
export async function post(url: string, overrides: Partial<RunAgentInput> = {}, headers: Record<string, string> = {}): Promise<Event[]> {
  const response = await request(url, overrides, headers);
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  return parseSse(await response.text());
}

// @ag-ui/proto is the encoder's own dependency: load it from there.
const require = createRequire(import.meta.url);
const proto = createRequire(require.resolve("@ag-ui/encoder"))("@ag-ui/proto") as { decode(bytes: Uint8Array): Event };

/** The events of a protobuf body: each message is prefixed by its length (4 bytes, big-endian). */
export function decodeProto(body: ArrayBuffer): Event[] {
  const bytes = new Uint8Array(body);
  const view = new DataView(body);
  const events: Event[] = [];
  for (let at = 0; at < bytes.length; ) {
    const length = view.getUint32(at);
    events.push(proto.decode(bytes.subarray(at + 4, at + 4 + length)));
    at += 4 + length;
  }
  return events;
}

export const user = (content: string, id = `u-${content.length}`): Message => ({ id, role: "user", content });

/** The text of every assistant message the events stream. */
export const said = (events: Event[]) =>
  events
    .filter((e) => e.type === "TEXT_MESSAGE_CONTENT")
    .map((e) => e.delta)
    .join("");

/** Tool calls the events make: name, argument pieces and parsed arguments. */
// biome-ignore lint/suspicious/noExplicitAny: parsed arguments of any tool, read by each test as it needs.
export function calls(events: Event[]): Array<{ id: string; name: string; pieces: string[]; args: any }> {
  return events
    .filter((e) => e.type === "TOOL_CALL_START")
    .map((start) => {
      const pieces = events.filter((e) => e.type === "TOOL_CALL_ARGS" && e.toolCallId === start.toolCallId).map((e) => e.delta as string);
      return { id: start.toolCallId, name: start.toolCallName, pieces, args: JSON.parse(pieces.join("")) };
    });
}

/** The messages a client would send back: the call as an assistant message, then its result. */
export function answer(call: { id: string; name: string; args: unknown }, result: unknown): Message[] {
  return [
    {
      id: `a-${call.id}`,
      role: "assistant",
      toolCalls: [{ id: call.id, type: "function", function: { name: call.name, arguments: JSON.stringify(call.args) } }],
    },
    { id: `r-${call.id}`, role: "tool", toolCallId: call.id, content: typeof result === "string" ? result : JSON.stringify(result) },
  ];
}

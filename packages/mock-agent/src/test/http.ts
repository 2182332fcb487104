import type { Message, RunAgentInput } from "@ag-ui/core";

/** Posts an AG-UI request and returns the parsed SSE events (test helper). */
export async function post(url: string, input: Partial<RunAgentInput>, headers: Record<string, string> = {}): Promise<Array<Record<string, any>>> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream", ...headers },
    body: JSON.stringify({ threadId: "t", runId: "r", messages: [], tools: [], context: [], state: {}, forwardedProps: {}, ...input }),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  const text = await response.text();
  return text
    .split("\n\n")
    .filter((frame) => frame.startsWith("data: "))
    .map((frame) => JSON.parse(frame.slice(6)));
}

export const user = (content: string, id = `u-${content.length}`): Message => ({ id, role: "user", content });

/** The text of every assistant message the events stream. */
export const said = (events: Array<Record<string, any>>) =>
  events.filter((e) => e.type === "TEXT_MESSAGE_CONTENT").map((e) => e.delta).join("");

/** Tool calls the events make: name and parsed arguments. */
export function calls(events: Array<Record<string, any>>): Array<{ id: string; name: string; args: any }> {
  return events
    .filter((e) => e.type === "TOOL_CALL_START")
    .map((start) => ({
      id: start.toolCallId,
      name: start.toolCallName,
      args: JSON.parse(events.filter((e) => e.type === "TOOL_CALL_ARGS" && e.toolCallId === start.toolCallId).map((e) => e.delta).join("")),
    }));
}

/** The messages a client would send back: the call as an assistant message, then its result. */
export function answer(call: { id: string; name: string; args: unknown }, result: unknown): Message[] {
  return [
    { id: `a-${call.id}`, role: "assistant", toolCalls: [{ id: call.id, type: "function", function: { name: call.name, arguments: JSON.stringify(call.args) } }] },
    { id: `r-${call.id}`, role: "tool", toolCallId: call.id, content: JSON.stringify(result) },
  ];
}

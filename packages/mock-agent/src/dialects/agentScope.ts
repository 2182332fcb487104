import type { Message, Tool } from "@ag-ui/core";
import { frame, id } from "./sse.js";
import { type Dialect, RequestError } from "./types.js";

type Part = { type?: string; text?: string; image_url?: string; data?: Record<string, unknown> };
type AsMessage = { type?: string; role?: string; content?: Part[] };

function toMessages(m: AsMessage): Message[] {
  const parts = m.content ?? [];
  const data = parts.find((p) => p.type === "data")?.data ?? {};
  switch (m.type ?? "message") {
    case "function_call_output":
      return [{ id: id("tool"), role: "tool", toolCallId: String(data.call_id), content: String(data.output ?? "") }];
    case "function_call":
      return [
        {
          id: id("call"),
          role: "assistant",
          toolCalls: [
            { id: String(data.call_id), type: "function", function: { name: String(data.name), arguments: String(data.arguments ?? "") } },
          ],
        },
      ];
    default: {
      const text = parts
        .filter((p) => p.type === "text")
        .map((p) => p.text ?? "")
        .join("");
      const images = parts.filter((p) => p.type === "image" && p.image_url);
      const content = images.length
        ? [
            { type: "text" as const, text },
            ...images.map((p) => ({ type: "image" as const, source: { type: "url" as const, value: p.image_url! } })),
          ]
        : text;
      return m.role === "assistant"
        ? [{ id: id("msg"), role: "assistant", content: text }]
        : [{ id: id("msg"), role: m.role === "system" ? "system" : "user", content } as Message];
    }
  }
}

/**
 * AgentScope's Agent API: `input` messages for a `session_id`, answered with response / message /
 * content objects. Client tools are `function_call`s; the server's own are `plugin_call`s with
 * their `plugin_call_output`. It has no interrupts: an interrupt outcome ends the response.
 */
export const agentScope: Dialect = {
  parse(raw, { history }) {
    const body = raw as { input?: AsMessage[]; session_id?: string; tools?: Array<{ function?: Tool }> };
    if (!Array.isArray(body.input)) throw new RequestError(400, "input must be a list of messages");
    const session = body.session_id || id("session");
    return {
      threadId: session,
      runId: id("response"),
      messages: [...history.get(session).messages, ...body.input.flatMap(toMessages)],
      tools: (body.tools ?? []).flatMap((t) => (t.function ? [t.function] : [])),
      context: [],
      state: {},
      forwardedProps: {},
    };
  },
  writer(_request, input) {
    const responseId = id("response");
    const clientTools = new Set((input.tools ?? []).map((t) => t.name));
    const text = new Map<string, string>();
    const calls = new Map<string, { name: string; args: string; msgId: string }>();
    const response = (status: string, extra: object = {}) =>
      frame({ object: "response", id: responseId, status, session_id: input.threadId, ...extra });
    return {
      contentType: "text/event-stream",
      encode(event) {
        switch (event.type) {
          case "RUN_STARTED":
            return response("created") + response("in_progress");
          case "TEXT_MESSAGE_START":
            text.set(String(event.messageId), "");
            return frame({ object: "message", id: event.messageId, type: "message", role: "assistant", status: "created" });
          case "TEXT_MESSAGE_CONTENT": {
            const msgId = String(event.messageId);
            text.set(msgId, (text.get(msgId) ?? "") + String(event.delta));
            return frame({
              object: "content",
              type: "text",
              index: 0,
              delta: true,
              text: event.delta,
              msg_id: msgId,
              status: "in_progress",
            });
          }
          case "TEXT_MESSAGE_END": {
            const msgId = String(event.messageId);
            const full = { type: "text", index: 0, delta: false, text: text.get(msgId) ?? "", msg_id: msgId };
            return (
              frame({ object: "content", ...full, status: "completed" }) +
              frame({ object: "message", id: msgId, type: "message", role: "assistant", status: "completed", content: [full] })
            );
          }
          case "TOOL_CALL_START": {
            const msgId = id("msg");
            const name = String(event.toolCallName);
            calls.set(String(event.toolCallId), { name, args: "", msgId });
            const type = clientTools.has(name) ? "function_call" : "plugin_call";
            return frame({ object: "message", id: msgId, type, role: "assistant", status: "created" });
          }
          case "TOOL_CALL_ARGS": {
            const call = calls.get(String(event.toolCallId));
            if (!call) return "";
            call.args += String(event.delta);
            // Arguments are cumulative: each piece carries everything so far.
            const data = { call_id: event.toolCallId, name: call.name, arguments: call.args };
            return frame({ object: "content", type: "data", index: 0, delta: true, data, msg_id: call.msgId, status: "in_progress" });
          }
          case "TOOL_CALL_END": {
            const call = calls.get(String(event.toolCallId));
            if (!call) return "";
            const type = clientTools.has(call.name) ? "function_call" : "plugin_call";
            const content = [{ type: "data", index: 0, data: { call_id: event.toolCallId, name: call.name, arguments: call.args } }];
            return frame({ object: "message", id: call.msgId, type, role: "assistant", status: "completed", content });
          }
          case "TOOL_CALL_RESULT": {
            const content = [{ type: "data", index: 0, data: { call_id: event.toolCallId, output: event.content } }];
            return frame({ object: "message", id: id("msg"), type: "plugin_call_output", role: "tool", status: "completed", content });
          }
          case "RUN_ERROR":
            return response("failed", { error: { code: String(event.code ?? "agent_error"), message: String(event.message) } });
          case "RUN_FINISHED":
            return response("completed");
          default:
            return "";
        }
      },
    };
  },
};

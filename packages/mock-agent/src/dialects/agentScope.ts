import type { Message, Tool } from "@ag-ui/core";
import { frame, id } from "./sse.js";
import { type Dialect, RequestError } from "./types.js";

type Part = {
  type?: string;
  text?: string;
  image_url?: string;
  data?: unknown;
  format?: string;
  file_url?: string;
  file_id?: string;
  file_data?: string;
  filename?: string;
};
type AsMessage = { type?: string; role?: string; content?: Part[] };
type Source = { type: "data"; value: string; mimeType: string } | { type: "url"; value: string } | { type: "file"; value: string };
type Media = { type: "image" | "audio" | "video" | "document"; source: Source; metadata?: { filename: string } };

/** `data:<mime>[;params];base64,<bytes>` as a data source; anything else is not one. */
function fromDataUrl(url: string): Source | undefined {
  const match = /^data:([^;,]*)((?:;[^;,]*)*?);base64,(.*)$/s.exec(url);
  return match ? { type: "data", value: match[3]!, mimeType: match[1] || "application/octet-stream" } : undefined;
}

/** AgentScope's audio `format` as a MIME type (mp3 → audio/mpeg, wav → audio/wav). */
const audioMime = (format: string | undefined) => (format ? `audio/${format === "mp3" ? "mpeg" : format}` : "application/octet-stream");

/** The AG-UI kind of a file by its MIME type: a file that is an image is an image. */
function kindOf(mimeType: string | undefined): Media["type"] {
  const top = mimeType?.split("/")[0];
  return top === "image" || top === "audio" || top === "video" ? top : "document";
}

/**
 * AgentScope's media content as an AG-UI 1.0 part: `ImageContent.image_url` (a URL, or a data:
 * URL of inline bytes), `AudioContent` (`data` in base64, `format`), `FileContent` (`file_data`
 * as a data: URL or bare base64, `file_url`, `file_id`, with its `filename`).
 */
function media(p: Part): Media | undefined {
  if (p.type === "image" && typeof p.image_url === "string" && p.image_url)
    return { type: "image", source: fromDataUrl(p.image_url) ?? { type: "url", value: p.image_url } };
  if (p.type === "audio" && typeof p.data === "string" && p.data) {
    const source = fromDataUrl(p.data) ?? (/^https?:/i.test(p.data) ? { type: "url" as const, value: p.data } : undefined);
    return { type: "audio", source: source ?? { type: "data", value: p.data, mimeType: audioMime(p.format) } };
  }
  if (p.type !== "file") return undefined;
  const source: Source | undefined = p.file_data
    ? (fromDataUrl(p.file_data) ?? { type: "data", value: p.file_data, mimeType: "application/octet-stream" })
    : p.file_url
      ? { type: "url", value: p.file_url }
      : p.file_id
        ? { type: "file", value: p.file_id }
        : undefined;
  if (!source) return undefined;
  return {
    type: kindOf("mimeType" in source ? source.mimeType : undefined),
    source,
    ...(typeof p.filename === "string" && p.filename && { metadata: { filename: p.filename } }),
  };
}

function toMessages(m: AsMessage): Message[] {
  const parts = m.content ?? [];
  const data = (parts.find((p) => p.type === "data")?.data ?? {}) as Record<string, unknown>;
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
      const attached = parts.flatMap((p) => media(p) ?? []);
      const content = attached.length ? [...(text ? [{ type: "text" as const, text }] : []), ...attached] : text;
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

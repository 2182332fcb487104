import { type BaseEvent, EventType, type Message, type RunAgentInput } from "@ag-ui/core";
import { toContent } from "../tools/toolCallViews.js";
import { type FrameMapper, jsonStreamTransport, textOf } from "./jsonStream.js";
import type { AgentScopeOptions, Transport } from "./types.js";

type Part = { type?: string; text?: string; image_url?: string; data?: Record<string, unknown>; [key: string]: unknown };

/**
 * The attachments AgentScope's content carries: images (`ImageContent.image_url`), audio
 * (`AudioContent.data` + `format`) and documents (`FileContent`). It has no video content.
 */
export const AGENTSCOPE_ATTACHMENT_KINDS = ["image", "audio", "document"] as const;

/** One piece of AgentScope content as it is sent. */
type Content = Record<string, unknown>;
type Source = { type?: string; value?: string; mimeType?: string };
type Media = { type: string; source?: Source; metadata?: { filename?: unknown } };

const dataUrl = (source: Source) => `data:${source.mimeType ?? "application/octet-stream"};base64,${source.value}`;

/** An audio MIME type as AgentScope's `format` (audio/mpeg → mp3, audio/x-wav → wav, audio/ogg; codecs=opus → ogg). */
export function audioFormat(mimeType: string | undefined): string | undefined {
  const subtype = (mimeType ?? "").split(";")[0]!.trim().toLowerCase().split("/")[1]?.replace(/^x-/, "");
  if (subtype === "mpeg" || subtype === "mp3") return "mp3";
  if (subtype === "wave" || subtype === "vnd.wave") return "wav";
  return subtype || undefined;
}

/**
 * A file as `FileContent`: a URL as `file_url`, inline bytes as `file_data` (a data: URL, so the
 * MIME type travels with them), a provider's handle as `file_id`; with its name when it has one.
 */
function fileContent(part: Media, source: Source): Content {
  const filename = typeof part.metadata?.filename === "string" ? part.metadata.filename : undefined;
  const where =
    source.type === "data"
      ? { file_data: dataUrl(source) }
      : source.type === "file"
        ? { file_id: source.value }
        : { file_url: source.value };
  return { type: "file", ...where, ...(filename !== undefined && { filename }) };
}

/**
 * One AG-UI attachment as AgentScope content: an image as `image_url` (its URL, or a data: URL
 * of inline bytes), inline audio as `{data, format}`, a document as `FileContent`. What the
 * specialised content has no field for (audio at a URL, anything held by the provider as a file
 * id) goes as `FileContent`, which takes URLs and ids.
 */
function attachment(part: Media): Content[] {
  const source = part.source;
  if (!source?.value) return [];
  if (part.type === "image" && source.type !== "file")
    return [{ type: "image", image_url: source.type === "data" ? dataUrl(source) : source.value }];
  if (part.type === "audio" && source.type === "data") {
    const format = audioFormat(source.mimeType);
    return [{ type: "audio", data: source.value, ...(format && { format }) }];
  }
  return [fileContent(part, source)];
}

/** AG-UI content parts to AgentScope content: text, images, audio, files and data kept. */
function contentParts(content: unknown): Content[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  if (!Array.isArray(content)) return [];
  return content.flatMap((part): Content[] => {
    if (part?.type === "text") return [{ type: "text", text: part.text }];
    if ((AGENTSCOPE_ATTACHMENT_KINDS as readonly string[]).includes(part?.type)) return attachment(part as Media);
    return [{ type: "data", data: part as Record<string, unknown> }];
  });
}

/** One AG-UI message as AgentScope input messages (an assistant turn with calls becomes several). */
export function toAgentScopeMessages(m: Message): Part[] {
  switch (m.role) {
    case "user":
    case "system":
    case "developer":
      return [{ type: "message", role: m.role === "user" ? "user" : "system", content: contentParts(m.content) }];
    case "assistant":
      return [
        ...(m.content ? [{ type: "message", role: "assistant", content: contentParts(m.content) }] : []),
        ...(m.toolCalls ?? []).map((c) => ({
          type: "function_call",
          role: "assistant",
          content: [{ type: "data", data: { call_id: c.id, name: c.function.name, arguments: c.function.arguments } }],
        })),
      ];
    case "tool":
      return [
        {
          type: "function_call_output",
          role: "tool",
          content: [{ type: "data", data: { call_id: m.toolCallId, output: textOf(m.content) } }],
        },
      ];
    default:
      return [];
  }
}

export function agentScopeBody(input: RunAgentInput, unsent: Message[], userId = "anonymous"): Record<string, unknown> {
  return {
    input: unsent.flatMap(toAgentScopeMessages),
    stream: true,
    session_id: input.threadId,
    user_id: userId,
    tools: (input.tools ?? []).map((t) => ({
      type: "function",
      function: { name: t.name, description: t.description, parameters: t.parameters },
    })),
  };
}

interface Msg {
  id: string;
  type: string;
  started: boolean;
  /** Text streamed so far per content index, to tell a final full copy from new text. */
  text: Map<number, string>;
  call?: { id: string; args: string };
  output?: boolean;
  closed?: boolean;
}

const CALLS = new Set(["function_call", "plugin_call", "mcp_call", "component_call"]);

/**
 * AgentScope's response / message / content objects to AG-UI events. Text arrives as deltas
 * and then once more in full: the full copy only adds what the deltas did not carry. Tool
 * arguments are cumulative: only the new suffix becomes TOOL_CALL_ARGS. The run ends where the
 * `response` object does (completed, failed, canceled): a stream that stops before is truncated.
 */
export function agentScopeMapper(input: RunAgentInput, remember: (id: string) => string = (id) => id): FrameMapper {
  const messages = new Map<string, Msg>();
  let finished = false;
  const msg = (id: string, type = "message"): Msg => {
    let m = messages.get(id);
    if (!m) {
      m = { id: remember(id), type, started: false, text: new Map() };
      messages.set(id, m);
    }
    return m;
  };
  const reasoning = (m: Msg) => m.type === "reasoning";

  function text(m: Msg, index: number, piece: string, full: boolean): BaseEvent[] {
    const sofar = m.text.get(index) ?? "";
    const delta = full ? (piece.startsWith(sofar) ? piece.slice(sofar.length) : "") : piece;
    if (!delta) return [];
    m.text.set(index, sofar + delta);
    const events: BaseEvent[] = [];
    if (!m.started) {
      m.started = true;
      if (reasoning(m)) events.push({ type: EventType.REASONING_START, messageId: m.id } as BaseEvent);
      events.push({
        type: reasoning(m) ? EventType.REASONING_MESSAGE_START : EventType.TEXT_MESSAGE_START,
        messageId: m.id,
        role: reasoning(m) ? "reasoning" : "assistant",
      } as BaseEvent);
    }
    events.push({
      type: reasoning(m) ? EventType.REASONING_MESSAGE_CONTENT : EventType.TEXT_MESSAGE_CONTENT,
      messageId: m.id,
      delta,
    } as BaseEvent);
    return events;
  }

  function data(m: Msg, index: number, value: Record<string, unknown>): BaseEvent[] {
    if (CALLS.has(m.type)) {
      const callId = String(value.call_id ?? m.id);
      const args = typeof value.arguments === "string" ? value.arguments : "";
      const events: BaseEvent[] = [];
      if (!m.call) {
        m.call = { id: callId, args: "" };
        events.push({
          type: EventType.TOOL_CALL_START,
          toolCallId: callId,
          toolCallName: String(value.name ?? "tool"),
          parentMessageId: m.id,
        } as BaseEvent);
      }
      const suffix = args.startsWith(m.call.args) ? args.slice(m.call.args.length) : "";
      if (suffix) {
        m.call.args = args;
        events.push({ type: EventType.TOOL_CALL_ARGS, toolCallId: callId, delta: suffix } as BaseEvent);
      }
      return events;
    }
    if (m.type.endsWith("_output")) {
      if (m.output) return [];
      m.output = true;
      const output = value.output;
      const content = toContent(output);
      return [{ type: EventType.TOOL_CALL_RESULT, messageId: m.id, toolCallId: String(value.call_id), content, role: "tool" } as BaseEvent];
    }
    return [
      { type: EventType.ACTIVITY_SNAPSHOT, messageId: remember(`${m.id}:${index}`), activityType: "data", content: value } as BaseEvent,
    ];
  }

  function part(m: Msg, p: Part, index: number, full: boolean): BaseEvent[] {
    if (p.type === "text" && typeof p.text === "string") return text(m, index, p.text, full);
    if (p.type === "image" && typeof p.image_url === "string" && !m.text.has(index))
      return text(m, index, `![image](${p.image_url})`, true);
    if (p.type === "data" && p.data && typeof p.data === "object") return data(m, index, p.data);
    return [];
  }

  function close(m: Msg): BaseEvent[] {
    if (m.closed) return [];
    if (m.call) {
      m.closed = true;
      return [{ type: EventType.TOOL_CALL_END, toolCallId: m.call.id } as BaseEvent];
    }
    if (!m.started) return [];
    m.started = false;
    if (!reasoning(m)) return [{ type: EventType.TEXT_MESSAGE_END, messageId: m.id } as BaseEvent];
    return [
      { type: EventType.REASONING_MESSAGE_END, messageId: m.id } as BaseEvent,
      { type: EventType.REASONING_END, messageId: m.id } as BaseEvent,
    ];
  }

  const fail = (message: string, code?: unknown): BaseEvent[] => {
    finished = true;
    return [{ type: EventType.RUN_ERROR, message, ...(code != null && { code: String(code) }) } as BaseEvent];
  };

  return {
    start: () => [{ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent],
    frame(raw) {
      if (finished) return [];
      // biome-ignore lint/suspicious/noExplicitAny: a frame is untyped JSON; each field is checked (typeof, textOf) where it is read.
      const f = (raw ?? {}) as Record<string, any>;
      if (f.object === undefined && f.error !== undefined)
        return fail(textOf(typeof f.error === "object" ? (f.error.message ?? f.error) : f.error));
      if (f.object === "response") {
        if (f.status === "failed" || f.status === "rejected")
          return fail(textOf(f.error?.message ?? `The agent's response ${f.status}`), f.error?.code);
        if (f.status === "canceled") {
          finished = true;
          return [
            { type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId, outcome: { type: "cancelled" } } as BaseEvent,
          ];
        }
        // The response's end is the run's: what it left open closes, and the run finishes.
        if (f.status === "completed" || f.status === "incomplete") {
          finished = true;
          return [
            ...[...messages.values()].flatMap(close),
            { type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId } as BaseEvent,
          ];
        }
        return [];
      }
      if (f.object === "message") {
        if (f.type === "heartbeat") return [];
        if (f.type === "error" || f.status === "failed") return fail(textOf(f.message ?? "The agent failed"), f.code);
        const m = msg(String(f.id), f.type ?? "message");
        const events = (Array.isArray(f.content) ? (f.content as Part[]) : []).flatMap((p, i) =>
          part(m, p, typeof p.index === "number" ? p.index : i, true),
        );
        return f.status === "completed" ? [...events, ...close(m)] : events;
      }
      if (f.object === "content") {
        const m = msg(String(f.msg_id ?? "message"));
        return part(m, f as Part, typeof f.index === "number" ? f.index : 0, f.delta !== true);
      }
      return [];
    },
    // A stream cut before its response ended is a truncated run (AG-UI 1.x): no RUN_FINISHED is made up for it.
    end: () => [],
  };
}

/** AgentScope's Agent API (`url` is the base URL; runs go to `{url}/process`). */
export function agentScopeTransport(options: AgentScopeOptions): Transport {
  return jsonStreamTransport(options, {
    endpoint: `${options.url.replace(/\/$/, "")}/process`,
    body: (input, unsent) => agentScopeBody(input, unsent, options.userId),
    mapper: agentScopeMapper,
    attachmentKinds: AGENTSCOPE_ATTACHMENT_KINDS,
  });
}

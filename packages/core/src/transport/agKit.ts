import { type BaseEvent, EventType, type Interrupt, type Message, type RunAgentInput } from "@ag-ui/core";
import { v4 as randomUUID } from "uuid";
import { toContent } from "../tools/toolCallViews.js";
import { type FrameMapper, jsonStreamTransport, textOf } from "./jsonStream.js";
import type { AgKitOptions, Transport } from "./types.js";

type Frame = { type?: string; [key: string]: unknown };

/** The legacy AG-Kit request: only new messages, tool parameters and resume payloads as JSON strings. */
export function agKitBody(input: RunAgentInput, unsent: Message[]): Record<string, unknown> {
  const messages = unsent.flatMap((m) => {
    if (m.role === "user") return [{ role: "user", content: textOf(m.content) }];
    if (m.role === "tool") return [{ role: "tool", content: textOf(m.content), toolCallId: m.toolCallId }];
    return [];
  });
  const resume = input.resume?.[0];
  return {
    conversationId: input.threadId,
    ...(messages.length > 0 && { messages }),
    tools: (input.tools ?? []).map((t) => ({ name: t.name, description: t.description, parameters: JSON.stringify(t.parameters) })),
    // The protocol has no way to say "cancelled": an answer of null stands for it.
    ...(resume && {
      resume: { interruptId: resume.interruptId, payload: JSON.stringify(resume.status === "resolved" ? (resume.payload ?? null) : null) },
    }),
  };
}

/**
 * AG-Kit frames to AG-UI events. The run ends where the stream ends (or at `[DONE]`): the legacy
 * wire has no end event, so a stream closed cleanly mid-reply cannot be told from a whole one.
 */
export function agKitMapper(input: RunAgentInput, remember: (id: string) => string = (id) => id): FrameMapper {
  let text: string | undefined;
  let turn: string | undefined;
  let interrupt: Interrupt | undefined;
  let failed = false;
  const closeText = (): BaseEvent[] => {
    if (!text) return [];
    const end = { type: EventType.TEXT_MESSAGE_END, messageId: text } as BaseEvent;
    text = undefined;
    return [end];
  };
  return {
    start: () => [{ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent],
    frame(raw) {
      const f = (raw ?? {}) as Frame;
      switch (f.type) {
        case "text": {
          const delta = typeof f.content === "string" ? f.content : "";
          if (!delta) return [];
          const events: BaseEvent[] = [];
          if (!text) {
            text = remember(randomUUID());
            turn ??= text;
            events.push({ type: EventType.TEXT_MESSAGE_START, messageId: text, role: "assistant" } as BaseEvent);
          }
          events.push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: text, delta } as BaseEvent);
          return events;
        }
        case "tool-call-start":
          turn ??= remember(randomUUID());
          return [
            ...closeText(),
            {
              type: EventType.TOOL_CALL_START,
              toolCallId: String(f.toolCallId),
              toolCallName: String(f.toolCallName),
              parentMessageId: turn,
            } as BaseEvent,
          ];
        case "tool-call-args":
          return typeof f.delta === "string" && f.delta
            ? [{ type: EventType.TOOL_CALL_ARGS, toolCallId: String(f.toolCallId), delta: f.delta } as BaseEvent]
            : [];
        case "tool-call-end":
          return [{ type: EventType.TOOL_CALL_END, toolCallId: String(f.toolCallId) } as BaseEvent];
        case "tool-result": {
          // A server tool's failure arrives the same way, as the result text.
          const content = toContent(f.result);
          return [
            ...closeText(),
            {
              type: EventType.TOOL_CALL_RESULT,
              messageId: remember(randomUUID()),
              toolCallId: String(f.toolCallId),
              content,
              role: "tool",
            } as BaseEvent,
          ];
        }
        case "interrupt": {
          const payload = f.payload;
          const p = (payload && typeof payload === "object" ? payload : {}) as { message?: unknown; responseSchema?: unknown };
          interrupt = {
            id: String(f.id),
            reason: typeof f.reason === "string" && f.reason ? f.reason : "interrupt",
            ...(typeof p.message === "string" && { message: p.message }),
            ...(typeof p.responseSchema === "object" &&
              p.responseSchema !== null && { responseSchema: p.responseSchema as Record<string, unknown> }),
            metadata: { payload: payload ?? null },
          };
          return [];
        }
        case "error":
          failed = true;
          return [
            ...closeText(),
            { type: EventType.RUN_ERROR, message: textOf(f.error ?? f.message ?? "The agent reported an error") } as BaseEvent,
          ];
        default:
          return [];
      }
    },
    end() {
      if (failed) return [];
      return [
        ...closeText(),
        {
          type: EventType.RUN_FINISHED,
          threadId: input.threadId,
          runId: input.runId,
          ...(interrupt && { outcome: { type: "interrupt", interrupts: [interrupt] } }),
        } as BaseEvent,
      ];
    },
  };
}

/** AG-Kit's legacy send-message endpoint (`url` is the endpoint). Its messages are text: it carries no attachments. */
export function agKitTransport(options: AgKitOptions): Transport {
  return jsonStreamTransport(options, { endpoint: options.url, body: agKitBody, mapper: agKitMapper, attachmentKinds: [] });
}

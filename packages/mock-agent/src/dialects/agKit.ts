import type { Message, RunAgentInput, Tool } from "@ag-ui/core";
import { frame, id } from "./sse.js";
import { type Dialect, RequestError } from "./types.js";

interface AgKitBody {
  conversationId?: unknown;
  messages?: Array<{ role?: string; content?: unknown; toolCallId?: string }>;
  tools?: Array<{ name: string; description?: string; parameters?: string }>;
  resume?: { interruptId?: string; payload?: string };
}

/**
 * AG-Kit's legacy send-message protocol: the server keeps each conversation, requests carry
 * only new messages, and the stream is `text` / `tool-call-*` / `tool-result` / `interrupt`
 * frames ending with `data: [DONE]`.
 */
export const agKit: Dialect = {
  parse(raw, { history }) {
    const body = raw as AgKitBody;
    if (typeof body.conversationId !== "string" || !body.conversationId) throw new RequestError(400, "conversationId is required");
    const fresh: Message[] = (body.messages ?? []).flatMap((m): Message[] => {
      const content = typeof m.content === "string" ? m.content : JSON.stringify(m.content ?? "");
      if (m.role === "user") return [{ id: id("user"), role: "user", content }];
      if (m.role === "tool" && m.toolCallId) return [{ id: id("tool"), role: "tool", toolCallId: m.toolCallId, content }];
      return [];
    });
    const tools: Tool[] = (body.tools ?? []).map((t) => ({
      name: t.name,
      description: t.description ?? "",
      parameters: t.parameters ? JSON.parse(t.parameters) : {},
    }));
    const resume = body.resume?.interruptId
      ? (() => {
          const payload = body.resume!.payload === undefined ? null : JSON.parse(body.resume!.payload);
          // The protocol cannot say "cancelled"; Tandem sends null for it.
          return [
            {
              interruptId: body.resume!.interruptId!,
              status: payload === null ? ("cancelled" as const) : ("resolved" as const),
              ...(payload !== null && { payload }),
            },
          ];
        })()
      : undefined;
    const input: RunAgentInput = {
      threadId: body.conversationId,
      runId: id("run"),
      messages: [...history.get(body.conversationId).messages, ...fresh],
      tools,
      context: [],
      state: {},
      forwardedProps: {},
      ...(resume && { resume }),
    };
    return input;
  },
  writer() {
    return {
      contentType: "text/event-stream",
      encode(event) {
        switch (event.type) {
          case "TEXT_MESSAGE_CONTENT":
            return frame({ type: "text", content: event.delta });
          case "TOOL_CALL_START":
            return frame({ type: "tool-call-start", toolCallId: event.toolCallId, toolCallName: event.toolCallName });
          case "TOOL_CALL_ARGS":
            return frame({ type: "tool-call-args", toolCallId: event.toolCallId, delta: event.delta });
          case "TOOL_CALL_END":
            return frame({ type: "tool-call-end", toolCallId: event.toolCallId });
          case "TOOL_CALL_RESULT":
            return frame({ type: "tool-result", toolCallId: event.toolCallId, result: event.content });
          case "RUN_ERROR":
            return frame({ type: "error", error: event.message });
          case "RUN_FINISHED": {
            const outcome = event.outcome as { type?: string; interrupts?: Array<Record<string, unknown>> } | undefined;
            if (outcome?.type !== "interrupt") return "";
            return (outcome.interrupts ?? [])
              .map(({ id: interruptId, reason, ...payload }) => frame({ type: "interrupt", id: interruptId, reason, payload }))
              .join("");
          }
          default:
            // State, steps and custom events have no AG-Kit form.
            return "";
        }
      },
      end: () => "data: [DONE]\n\n",
    };
  },
};

import type { Message } from "@ag-ui/core";
import type { EventStep } from "./types.js";

/** Threads the server has seen, so scenarios (and stateful dialects) can read earlier turns. */
export class ThreadHistory {
  private readonly threads = new Map<string, { messages: Message[]; requests: number }>();

  get(threadId: string): { messages: Message[]; requests: number } {
    let thread = this.threads.get(threadId);
    if (!thread) {
      thread = { messages: [], requests: 0 };
      this.threads.set(threadId, thread);
    }
    return thread;
  }

  /** Merges the request's messages by id: known ones are replaced in place, new ones appended. */
  merge(threadId: string, messages: readonly Message[]): void {
    const kept = this.get(threadId).messages;
    for (const m of messages) {
      const at = kept.findIndex((k) => k.id === m.id);
      if (at === -1) kept.push(m);
      else kept[at] = m;
    }
  }

  /** Records what the agent streamed: text, tool calls and tool results, with their subagent. */
  record(threadId: string, event: EventStep): void {
    const messages = this.get(threadId).messages as Loose[];
    const find = (id: unknown) => messages.find((m) => m.id === id);
    const owner = typeof event.subagentRunId === "string" ? { subagentRunId: event.subagentRunId } : {};
    switch (event.type) {
      case "TEXT_MESSAGE_START":
        if (!find(event.messageId)) messages.push({ id: String(event.messageId), role: "assistant", content: "", ...owner });
        break;
      case "TEXT_MESSAGE_CONTENT": {
        const m = find(event.messageId);
        if (m) m.content = `${m.content ?? ""}${String(event.delta)}`;
        break;
      }
      case "TOOL_CALL_START": {
        const parentId = String(event.parentMessageId ?? event.toolCallId);
        let parent = find(parentId);
        if (!parent) {
          parent = { id: parentId, role: "assistant", ...owner };
          messages.push(parent);
        }
        parent.toolCalls = [
          ...(parent.toolCalls ?? []),
          { id: String(event.toolCallId), type: "function", function: { name: String(event.toolCallName), arguments: "" } },
        ];
        break;
      }
      case "TOOL_CALL_ARGS": {
        for (const m of messages) {
          const call = m.toolCalls?.find((c) => c.id === event.toolCallId);
          if (call) call.function.arguments += String(event.delta);
        }
        break;
      }
      case "TOOL_CALL_RESULT":
        messages.push({
          id: String(event.messageId),
          role: "tool",
          toolCallId: String(event.toolCallId),
          content: String(event.content),
          ...owner,
        });
        break;
      case "MESSAGES_SNAPSHOT":
        if (Array.isArray(event.messages)) messages.splice(0, messages.length, ...(event.messages as Loose[]));
        break;
    }
  }
}

/** A message as the history edits it in place. */
interface Loose {
  id: string;
  role: string;
  content?: unknown;
  toolCallId?: string;
  subagentRunId?: string;
  toolCalls?: Array<{ id: string; type: "function"; function: { name: string; arguments: string } }>;
}

import type { Message } from "@ag-ui/core";
import type { EventStep } from "./types.js";

/** Threads the server has seen, so scenarios (and stateful dialects) can read earlier turns. */
export class ThreadHistory {
  private readonly threads = new Map<string, { messages: Message[]; requests: number }>();

  get(threadId: string): { messages: Message[]; requests: number } {
    let thread = this.threads.get(threadId);
    if (!thread) this.threads.set(threadId, (thread = { messages: [], requests: 0 }));
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

  /** Records what the agent streamed: text, tool calls and tool results. */
  record(threadId: string, event: EventStep): void {
    const messages = this.get(threadId).messages;
    const find = (id: unknown) => messages.find((m) => m.id === id) as (Message & Record<string, any>) | undefined;
    switch (event.type) {
      case "TEXT_MESSAGE_START":
        if (!find(event.messageId)) messages.push({ id: String(event.messageId), role: "assistant", content: "" });
        break;
      case "TEXT_MESSAGE_CONTENT": {
        const m = find(event.messageId);
        if (m) m.content = `${m.content ?? ""}${String(event.delta)}`;
        break;
      }
      case "TOOL_CALL_START": {
        const parentId = String(event.parentMessageId ?? event.toolCallId);
        let parent = find(parentId);
        if (!parent) messages.push((parent = { id: parentId, role: "assistant" } as Message & Record<string, any>));
        parent.toolCalls = [
          ...(parent.toolCalls ?? []),
          { id: event.toolCallId, type: "function", function: { name: event.toolCallName, arguments: "" } },
        ];
        break;
      }
      case "TOOL_CALL_ARGS": {
        for (const m of messages as Array<Record<string, any>>) {
          const call = m.toolCalls?.find((c: { id: string }) => c.id === event.toolCallId);
          if (call) call.function.arguments += String(event.delta);
        }
        break;
      }
      case "TOOL_CALL_RESULT":
        messages.push({ id: String(event.messageId), role: "tool", toolCallId: String(event.toolCallId), content: String(event.content) });
        break;
      case "MESSAGES_SNAPSHOT":
        if (Array.isArray(event.messages)) messages.splice(0, messages.length, ...(event.messages as Message[]));
        break;
    }
  }
}

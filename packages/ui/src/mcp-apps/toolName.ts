import type { ThreadState } from "@tandem/react";

/**
 * The name of the tool that opened the app of activity `messageId`: the middleware puts the
 * activity right after the tool call's result, so it is the call of the nearest result before it.
 */
export function toolNameOf(state: ThreadState, messageId: string): string | undefined {
  const { messages } = state;
  const index = messages.findIndex((m) => m.id === messageId);
  for (let i = index - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role !== "tool") continue;
    for (let j = i - 1; j >= 0; j--) {
      const call =
        messages[j]!.role === "assistant"
          ? (messages[j] as { toolCalls?: Array<{ id: string; function: { name: string } }> }).toolCalls?.find(
              (c) => c.id === message.toolCallId,
            )
          : undefined;
      if (call) return call.function.name;
    }
    return undefined;
  }
  return undefined;
}

import type { Message, RunAgentInput } from "@ag-ui/core";

/** Tiny builders for scripted agent replies in tests. */
export const started = (input: RunAgentInput) => ({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId });
export const finished = (input: RunAgentInput, outcome?: object) => ({
  type: "RUN_FINISHED",
  threadId: input.threadId,
  runId: input.runId,
  ...(outcome && { outcome }),
});

export function say(messageId: string, ...pieces: string[]) {
  return [
    { type: "TEXT_MESSAGE_START", messageId, role: "assistant" },
    ...pieces.map((delta) => ({ type: "TEXT_MESSAGE_CONTENT", messageId, delta })),
    { type: "TEXT_MESSAGE_END", messageId },
  ];
}

export function call(toolCallId: string, name: string, args: unknown, parentMessageId = `m-${toolCallId}`) {
  const text = typeof args === "string" ? args : JSON.stringify(args);
  return [
    { type: "TOOL_CALL_START", toolCallId, toolCallName: name, parentMessageId },
    { type: "TOOL_CALL_ARGS", toolCallId, delta: text.slice(0, 3) },
    { type: "TOOL_CALL_ARGS", toolCallId, delta: text.slice(3) },
    { type: "TOOL_CALL_END", toolCallId },
  ];
}

export const lastMessage = (input: RunAgentInput): Message | undefined => input.messages.at(-1);

export const toolResults = (input: RunAgentInput) =>
  input.messages.filter((m): m is Extract<Message, { role: "tool" }> => m.role === "tool");

export const sync = (callback: () => void) => {
  callback();
  return () => {};
};

export async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 5));
  }
}

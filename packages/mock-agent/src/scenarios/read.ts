import type { Message, RunAgentInput } from "@ag-ui/core";

/** The text of the last user message. */
export function lastUserText(input: RunAgentInput): string {
  const message = [...input.messages].reverse().find((m) => m.role === "user");
  if (!message) return "";
  if (typeof message.content === "string") return message.content;
  return message.content.map((part) => (part.type === "text" ? part.text : "")).join(" ");
}

function parse(content: Message["content"]): unknown {
  if (typeof content !== "string") return content;
  try {
    return JSON.parse(content);
  } catch {
    return content;
  }
}

/**
 * When the request answers a call of `toolName` (its last message is that call's tool result),
 * the call's arguments and the parsed result; otherwise undefined.
 */
export function answered<A = Record<string, unknown>, R = unknown>(
  input: RunAgentInput,
  toolName: string,
): { args: A; result: R } | undefined {
  const last = input.messages.at(-1);
  if (last?.role !== "tool") return undefined;
  for (const m of input.messages) {
    if (m.role !== "assistant") continue;
    const call = m.toolCalls?.find((c) => c.id === last.toolCallId);
    if (call?.function.name === toolName) return { args: parse(call.function.arguments) as A, result: parse(last.content) as R };
  }
  return undefined;
}

/** The tool results the request carries, in order. */
export function toolResults(input: RunAgentInput): Array<Extract<Message, { role: "tool" }>> {
  return input.messages.filter((m): m is Extract<Message, { role: "tool" }> => m.role === "tool");
}

/** Whether a tool result means yes: `{accepted | approved | confirmed: true}`, `true`, or a plain "yes". */
export function approved(result: unknown): boolean {
  if (result && typeof result === "object") {
    const r = result as { accepted?: unknown; approved?: unknown; confirmed?: unknown };
    return r.accepted === true || r.approved === true || r.confirmed === true;
  }
  return result === true || (typeof result === "string" && /^(yes|ok|approved?|accepted?|confirmed?|true)\b/i.test(result.trim()));
}

import type { Message } from "@ag-ui/core";

const TITLE_LENGTH = 60;

/** A thread's title from its first user message. */
export function titleOf(messages: readonly Message[]): string {
  const first = messages.find((m) => m.role === "user");
  const content = first?.content;
  const text = (typeof content === "string" ? content : (content ?? []).map((p) => (p.type === "text" ? p.text : "")).join(" "))
    .replace(/\s+/g, " ")
    .trim();
  return text.length > TITLE_LENGTH ? `${text.slice(0, TITLE_LENGTH - 1)}…` : text;
}

import type { Message } from "@tandem/react";
import { createContext, type RefObject, useContext } from "react";

/** The row a message part sits in: its message, and whether the user is editing it. */
export interface MessageContextValue {
  message: Message;
  editing: boolean;
  setEditing(editing: boolean): void;
  /** The Edit button, for focus to come back to when editing is cancelled. */
  editTrigger: RefObject<HTMLButtonElement | null>;
}

export const MessageContext = createContext<MessageContextValue | null>(null);

export function useMessageContext(part: string): MessageContextValue {
  const value = useContext(MessageContext);
  if (!value) throw new Error(`<${part}> must be inside a <Message> row.`);
  return value;
}

/** What Copy puts on the clipboard: the message's text, its parts' text joined by blank lines. */
export function textOfMessage(message: Message): string {
  const content = (message as { content?: unknown }).content;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.flatMap((p: { type?: string; text?: string }) => (p.type === "text" && p.text ? [p.text] : [])).join("\n\n");
}

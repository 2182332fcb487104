import type { InputContent, Message } from "@tandem/react";
import { type ComponentPropsWithoutRef, forwardRef } from "react";
import { usePart } from "../parts/registry.js";
import { cx } from "../util/cx.js";
import { withKeys } from "../util/keys.js";

/** Props of `<UserContent>`: a `<div>`'s props, plus the user message's content (text or content parts). */
export interface UserContentProps extends Omit<ComponentPropsWithoutRef<"div">, "content" | "children"> {
  content: Extract<Message, { role: "user" }>["content"];
}

/** A part's key: its kind and what it holds (the text, or where the file is). */
function partKey(part: InputContent): string {
  if (part.type === "text") return `text:${part.text}`;
  const source = (part as { source?: { type?: string; value?: string } }).source;
  return `${part.type}:${source?.type ?? ""}:${(source?.value ?? "").slice(0, 200)}`;
}

/**
 * What the user sent: plain text (never Markdown or HTML), images as pictures whose alt is their
 * file name, and other files as chips with their name, kind and size.
 */
export const UserContent = forwardRef<HTMLDivElement, UserContentProps>(function UserContent({ content, className, ...rest }, ref) {
  const UserFilePart = usePart("UserFilePart");
  return (
    <div {...rest} ref={ref} className={cx("tandem-user-content", className)}>
      {typeof content === "string"
        ? content
        : withKeys(content, partKey).map(([key, part]) => {
            if (part.type === "text") return <p key={key}>{part.text}</p>;
            return <UserFilePart key={key} part={part} />;
          })}
    </div>
  );
});

declare module "../parts/registry.js" {
  interface ChatParts {
    /** What the user sent, in a user message's row. */
    UserContent: UserContentProps;
  }
}

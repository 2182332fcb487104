import type { InputContent, Message } from "@tandem/react";
import { type ComponentPropsWithoutRef, forwardRef } from "react";
import { formatSize } from "../composer/attachments.js";
import { useLabels } from "../labels/labels.js";
import { cx } from "../util/cx.js";
import { withKeys } from "../util/keys.js";

/** Props of `<UserContent>`: a `<div>`'s props, plus the user message's content (text or content parts). */
export interface UserContentProps extends Omit<ComponentPropsWithoutRef<"div">, "content" | "children"> {
  content: Extract<Message, { role: "user" }>["content"];
}

/** Only http(s), blob and image data URLs become a `src`; a provider file handle is nothing a browser can fetch. */
function imageSrc(part: Extract<InputContent, { type: "image" }>): string | undefined {
  const source = part.source;
  const url = source.type === "data" ? `data:${source.mimeType};base64,${source.value}` : source.type === "url" ? source.value : "";
  return /^(https?:|blob:|data:image\/)/i.test(url) ? url : undefined;
}

type Meta = { alt?: unknown; filename?: unknown; name?: unknown; size?: unknown } | undefined;

/** The file's own name (alt, file name or name), if it has one. */
function nameOf(meta: Meta): string | undefined {
  const label = meta?.alt ?? meta?.filename ?? meta?.name;
  return typeof label === "string" && label !== "" ? label : undefined;
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
  const labels = useLabels();
  return (
    <div {...rest} ref={ref} className={cx("tandem-user-content", className)}>
      {typeof content === "string"
        ? content
        : withKeys(content, partKey).map(([key, part]) => {
            if (part.type === "text") return <p key={key}>{part.text}</p>;
            const meta = part.metadata as Meta;
            const name = nameOf(meta);
            const src = part.type === "image" ? imageSrc(part) : undefined;
            if (src) return <img key={key} className="tandem-user-content__image" src={src} alt={name ?? labels.attachedImage} />;
            const kind = part.type === "image" && !name ? labels.attachedImage : labels.attachment(part.type);
            return (
              <p key={key} className="tandem-user-content__attachment" data-kind={part.type}>
                {name && <span className="tandem-user-content__file-name">{name}</span>}
                <span className="tandem-user-content__file-meta">
                  {typeof meta?.size === "number" ? `${kind} · ${formatSize(meta.size)}` : kind}
                </span>
              </p>
            );
          })}
    </div>
  );
});

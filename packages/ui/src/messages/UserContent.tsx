import type { InputContent, Message } from "@tandem/react";
import { type ComponentPropsWithoutRef, forwardRef } from "react";
import { useLabels } from "../labels/labels.js";
import { cx } from "../util/cx.js";
import { withKeys } from "../util/keys.js";

export interface UserContentProps extends Omit<ComponentPropsWithoutRef<"div">, "content" | "children"> {
  content: Extract<Message, { role: "user" }>["content"];
}

function imageSrc(part: Extract<InputContent, { type: "image" }>): string | undefined {
  const source = part.source;
  if (source.type === "data") return `data:${source.mimeType};base64,${source.value}`;
  if (source.type === "url" && /^(https?:|blob:|data:image\/)/i.test(source.value)) return source.value;
  return undefined; // a provider file handle: nothing a browser can fetch
}

/** The image's own name (alt, file name or name), if it has one. */
function altOf(part: { metadata?: unknown }): string | undefined {
  const meta = part.metadata as { alt?: unknown; filename?: unknown; name?: unknown } | undefined;
  const label = meta?.alt ?? meta?.filename ?? meta?.name;
  return typeof label === "string" && label !== "" ? label : undefined;
}

/** A part's key: its kind and what it holds (the text, or where the file is). */
function partKey(part: InputContent): string {
  if (part.type === "text") return `text:${part.text}`;
  const source = (part as { source?: { type?: string; value?: string } }).source;
  return `${part.type}:${source?.type ?? ""}:${(source?.value ?? "").slice(0, 200)}`;
}

/** What the user sent: plain text (never Markdown or HTML) and attached images. */
export const UserContent = forwardRef<HTMLDivElement, UserContentProps>(function UserContent({ content, className, ...rest }, ref) {
  const labels = useLabels();
  return (
    <div {...rest} ref={ref} className={cx("tandem-user-content", className)}>
      {typeof content === "string"
        ? content
        : withKeys(content, partKey).map(([key, part]) => {
            if (part.type === "text") return <p key={key}>{part.text}</p>;
            if (part.type === "image") {
              const src = imageSrc(part);
              const alt = altOf(part) ?? labels.attachedImage;
              return src ? (
                <img key={key} className="tandem-user-content__image" src={src} alt={alt} />
              ) : (
                <p key={key} className="tandem-user-content__attachment">
                  {alt}
                </p>
              );
            }
            return (
              <p key={key} className="tandem-user-content__attachment">
                {labels.attachment(part.type)}
              </p>
            );
          })}
    </div>
  );
});

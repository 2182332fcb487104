import type { InputContent } from "@tandem/react";
import { useLabels } from "../labels/labels.js";
import { formatSize } from "../util/formatSize.js";
import { isSafeFileSrc } from "../util/urlPolicy.js";

/** Only http(s), blob and image data URLs become a `src`; a provider file handle is nothing a browser can fetch. */
function imageSrc(part: Extract<InputContent, { type: "image" }>): string | undefined {
  const source = part.source;
  const url = source.type === "data" ? `data:${source.mimeType};base64,${source.value}` : source.type === "url" ? source.value : "";
  return isSafeFileSrc(url) ? url : undefined;
}

type Meta = { alt?: unknown; filename?: unknown; name?: unknown; size?: unknown } | undefined;

/** The file's own name (alt, file name or name), if it has one. */
function nameOf(meta: Meta): string | undefined {
  const label = meta?.alt ?? meta?.filename ?? meta?.name;
  return typeof label === "string" && label !== "" ? label : undefined;
}

/** Props of a file part of a user message. */
export interface UserFilePartProps {
  part: Exclude<InputContent, { type: "text" }>;
}

/** A file the user sent: an image as a picture whose alt is its file name, another file as a chip with its name, kind and size. */
export function UserFilePart({ part }: UserFilePartProps) {
  const labels = useLabels();
  const meta = part.metadata as Meta;
  const name = nameOf(meta);
  const src = part.type === "image" ? imageSrc(part) : undefined;
  if (src) return <img className="tandem-user-content__image" src={src} alt={name ?? labels.attachedImage} />;
  const kind = part.type === "image" && !name ? labels.attachedImage : labels.attachment(part.type);
  return (
    <p className="tandem-user-content__attachment" data-kind={part.type}>
      {name && <span className="tandem-user-content__file-name">{name}</span>}
      <span className="tandem-user-content__file-meta">{typeof meta?.size === "number" ? `${kind} · ${formatSize(meta.size)}` : kind}</span>
    </p>
  );
}

declare module "../parts/registry.js" {
  interface ChatParts {
    /** A file the user sent, in the transcript: a picture, or a chip with its name, kind and size. */
    UserFilePart: UserFilePartProps;
  }
}

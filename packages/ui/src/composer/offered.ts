import type { AgentCapabilities, AttachmentKind } from "@tandem/react";

// What the composer offers before any file is picked: the categories the agent takes and the file
// input's `accept` (the attach button needs them at once). What handles picked files is in
// attachments.ts, loaded on first use.

/**
 * What an agent can be offered, finer than the part kinds: AG-UI capabilities tell PDFs
 * (`pdf`) apart from other files (`file`), and both travel as `document` parts.
 */
export type FileCategory = "image" | "audio" | "video" | "pdf" | "file";

const CATEGORIES: readonly FileCategory[] = ["image", "audio", "video", "pdf", "file"];
const OF_KIND: Record<AttachmentKind, readonly FileCategory[]> = {
  image: ["image"],
  audio: ["audio"],
  video: ["video"],
  document: ["pdf", "file"],
};
/** The `accept` attribute's word for a category; "any other file" has none. */
const ACCEPT: Record<FileCategory, string | undefined> = {
  image: "image/*",
  audio: "audio/*",
  video: "video/*",
  pdf: "application/pdf",
  file: undefined,
};

/** Whether an `accept` entry is a kind ("image", "document"…). */
export const isKind = (entry: string): entry is AttachmentKind => Object.hasOwn(OF_KIND, entry);

/** The category of a MIME type. */
export function categoryOfMime(mime: string): FileCategory {
  const top = mime.split("/")[0]!.toLowerCase();
  if (top === "image" || top === "audio" || top === "video") return top;
  return mime.toLowerCase() === "application/pdf" ? "pdf" : "file";
}

/** The content part kind a category travels as. */
export const kindOf = (category: FileCategory): AttachmentKind => (category === "pdf" || category === "file" ? "document" : category);

/** The categories an `accept` entry (a kind, a MIME type, `type/*` or `.ext`) may cover. */
function categoriesOfEntry(entry: string): readonly FileCategory[] {
  if (isKind(entry)) return OF_KIND[entry];
  const [top, sub] = entry.toLowerCase().split("/");
  if (sub === undefined || top === "*") return CATEGORIES;
  if (sub !== "*") return [categoryOfMime(entry)];
  return top === "image" || top === "audio" || top === "video" ? [top] : top === "application" ? ["pdf", "file"] : ["file"];
}

/**
 * What can be offered: the kinds the transport carries, narrowed by the agent's advertised
 * `multimodal.input` (when it advertises one) and by the app's `accept`.
 */
export function offeredCategories(
  carried: readonly AttachmentKind[],
  capabilities: AgentCapabilities | null,
  accept: readonly string[] | undefined,
): ReadonlySet<FileCategory> {
  const input = capabilities?.multimodal?.input as Partial<Record<FileCategory, boolean>> | undefined;
  const wanted = accept && new Set(accept.flatMap(categoriesOfEntry));
  return new Set(carried.flatMap((k) => OF_KIND[k]).filter((c) => (!input || input[c] === true) && (!wanted || wanted.has(c))));
}

/** The file input's `accept`: undefined when it cannot be said (any other file is offered). */
export function acceptAttribute(offered: ReadonlySet<FileCategory>, accept: readonly string[] | undefined): string | undefined {
  const tokens = accept
    ? accept.flatMap((entry) =>
        isKind(entry)
          ? OF_KIND[entry].filter((c) => offered.has(c)).map((c) => ACCEPT[c])
          : categoriesOfEntry(entry).some((c) => offered.has(c))
            ? [entry]
            : [],
      )
    : [...offered].map((c) => ACCEPT[c]);
  return tokens.includes(undefined) ? undefined : tokens.join(",");
}

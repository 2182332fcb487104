import type { AgentCapabilities, AttachmentKind, InputContent } from "@tandem/react";

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

const isKind = (entry: string): entry is AttachmentKind => Object.hasOwn(OF_KIND, entry);

export const mimeOf = (file: File): string => file.type || "application/octet-stream";

function categoryOfMime(mime: string): FileCategory {
  const top = mime.split("/")[0]!.toLowerCase();
  if (top === "image" || top === "audio" || top === "video") return top;
  return mime.toLowerCase() === "application/pdf" ? "pdf" : "file";
}

export const categoryOf = (file: File): FileCategory => categoryOfMime(mimeOf(file));

export const kindOf = (category: FileCategory): AttachmentKind => (category === "pdf" || category === "file" ? "document" : category);

/** The categories an `accept` entry (a kind, a MIME type, `type/*` or `.ext`) may cover. */
function categoriesOfEntry(entry: string): readonly FileCategory[] {
  if (isKind(entry)) return OF_KIND[entry];
  const [top, sub] = entry.toLowerCase().split("/");
  if (sub === undefined || top === "*") return CATEGORIES;
  if (sub !== "*") return [categoryOfMime(entry)];
  return top === "image" || top === "audio" || top === "video" ? [top] : top === "application" ? ["pdf", "file"] : ["file"];
}

function matches(file: File, entry: string): boolean {
  const e = entry.toLowerCase();
  if (isKind(e)) return kindOf(categoryOf(file)) === e;
  if (e.startsWith(".")) return file.name.toLowerCase().endsWith(e);
  const mime = mimeOf(file).toLowerCase();
  return e === "*/*" || (e.endsWith("/*") ? mime.startsWith(e.slice(0, -1)) : mime === e);
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

export const accepts = (file: File, offered: ReadonlySet<FileCategory>, accept: readonly string[] | undefined): boolean =>
  offered.has(categoryOf(file)) && (!accept || accept.some((entry) => matches(file, entry)));

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

/** The refused categories, as `attachmentsNotSupported` names them ("image, PDF attachments"). */
export function describeCategories(categories: readonly FileCategory[]): string {
  const words = [...new Set(categories)].map((c) => (c === "pdf" ? "PDF" : c === "file" ? "document" : c));
  return `${words.join(", ")} attachments`;
}

/** A size for people: "512 B", "2.5 MB". */
export function formatSize(bytes: number): string {
  const [value, unit] = bytes < 1024 ? [bytes, "B"] : bytes < 1024 ** 2 ? [bytes / 1024, "KB"] : [bytes / 1024 ** 2, "MB"];
  return `${value.toLocaleString(undefined, { maximumFractionDigits: 1 })} ${unit}`;
}

/** The file's bytes as base64 (FileReader: what every browser and jsdom have). */
export function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = reader.result as string;
      resolve(url.slice(url.indexOf(",") + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error("the file could not be read"));
    reader.readAsDataURL(file);
  });
}

/** One file as an AG-UI 1.0 content part: inline data, or the URL it was uploaded to. */
export async function filePart(file: File, url: string | undefined): Promise<InputContent> {
  const mimeType = mimeOf(file);
  const source = url === undefined ? { type: "data", value: await readBase64(file), mimeType } : { type: "url", value: url, mimeType };
  return { type: kindOf(categoryOf(file)), source, metadata: { filename: file.name, size: file.size } } as InputContent;
}

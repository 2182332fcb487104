import type { InputContent } from "@tandem/react";
import type { Dispatch, SetStateAction } from "react";
import type { ChatLabels } from "../labels/labels.js";
import { formatSize } from "../util/formatSize.js";
import type { AttachmentOptions, PendingAttachment, SetAttachments } from "./attachmentTypes.js";
import { categoryOfMime, type FileCategory, isKind, kindOf } from "./offered.js";

// What handles files once one is picked, pasted or dropped (loaded then, see lazyFiles.tsx): which are
// taken, what is said of the others, and each file as a content part when the message is sent.

export const mimeOf = (file: File): string => file.type || "application/octet-stream";

export const categoryOf = (file: File): FileCategory => categoryOfMime(mimeOf(file));

function matches(file: File, entry: string): boolean {
  const e = entry.toLowerCase();
  if (isKind(e)) return kindOf(categoryOf(file)) === e;
  if (e.startsWith(".")) return file.name.toLowerCase().endsWith(e);
  const mime = mimeOf(file).toLowerCase();
  return e === "*/*" || (e.endsWith("/*") ? mime.startsWith(e.slice(0, -1)) : mime === e);
}

export const accepts = (file: File, offered: ReadonlySet<FileCategory>, accept: readonly string[] | undefined): boolean =>
  offered.has(categoryOf(file)) && (!accept || accept.some((entry) => matches(file, entry)));

/** What files are checked against as they are added. */
export interface Intake {
  offered: ReadonlySet<FileCategory>;
  accept: readonly string[] | undefined;
  maxFileSize: number;
  maxFiles: number;
  /** How many files the composer holds already. */
  present: number;
  labels: ChatLabels;
}

/** Which files are taken, and why each of the others is not (one sentence for all that are one too many). */
export function sortFiles(files: readonly File[], { offered, accept, maxFileSize, maxFiles, present, labels }: Intake) {
  const taken: File[] = [];
  const refused: string[] = [];
  let full = false;
  for (const file of files) {
    if (!accepts(file, offered, accept)) refused.push(labels.fileNotAccepted(file.name));
    else if (file.size > maxFileSize) refused.push(labels.fileTooLarge(file.name, formatSize(maxFileSize)));
    else if (present + taken.length >= maxFiles) full = true;
    else taken.push(file);
  }
  if (full) refused.push(labels.tooManyFiles(maxFiles));
  return { taken, refused };
}

/** What an upload reports to: the composer's files and notice, and the uploads under way (by file id). */
export interface UploadTarget {
  set: SetAttachments;
  say: Dispatch<SetStateAction<string | null>>;
  uploads: Map<string, AbortController>;
  labels: ChatLabels;
}

/** Uploads an added file: it becomes ready with its URL, or leaves the composer with the reason said. */
export function startUpload(
  item: PendingAttachment,
  send: NonNullable<AttachmentOptions["upload"]>,
  { set, say, uploads, labels }: UploadTarget,
) {
  const controller = new AbortController();
  uploads.set(item.id, controller);
  Promise.resolve()
    .then(() => send(item.file, { signal: controller.signal }))
    .then(
      ({ url }) => {
        if (!controller.signal.aborted) set((s) => s.map((i) => (i.id === item.id ? { ...i, state: "ready", url } : i)));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        set((s) => s.filter((i) => i.id !== item.id));
        say(labels.attachmentFailed(item.file.name, error instanceof Error ? error.message : String(error)));
      },
    )
    .finally(() => uploads.delete(item.id));
}

/** The refused categories, as `attachmentsNotSupported` names them ("image, PDF attachments"). */
export function describeCategories(categories: readonly FileCategory[]): string {
  const words = [...new Set(categories)].map((c) => (c === "pdf" ? "PDF" : c === "file" ? "document" : c));
  return `${words.join(", ")} attachments`;
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

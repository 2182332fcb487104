import type { Message, RunAgentInput } from "@ag-ui/core";
import { imageSize } from "image-size";
import { run, textMessage } from "../steps.js";
import type { Script } from "../types.js";

const KINDS = new Set(["image", "audio", "video", "document"]);

type Source = { type?: unknown; value?: unknown; mimeType?: unknown; provider?: unknown };
/** An AG-UI 1.0 media part (image, audio, video, document) as it arrives: checked field by field. */
type Attachment = { type: string; source?: Source; metadata?: { filename?: unknown } };

/** The media parts of the last user message, in order. */
export function receivedAttachments(input: RunAgentInput): Attachment[] {
  const message = [...input.messages].reverse().find((m): m is Extract<Message, { role: "user" }> => m.role === "user");
  if (!message || typeof message.content === "string" || !Array.isArray(message.content)) return [];
  return (message.content as unknown[]).filter(
    (part): part is Attachment => typeof part === "object" && part !== null && KINDS.has((part as { type?: unknown }).type as string),
  );
}

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
const short = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The pixel size of an image's bytes, as `64×48 px`; undefined when the bytes are not an image it can read. */
function pixelSize(bytes: Uint8Array): string | undefined {
  try {
    const { width, height } = imageSize(bytes);
    return width !== undefined && height !== undefined ? `${width}×${height} px` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What the agent received as one attachment: `photo.png (image, image/png, 1,234 bytes, 64×48 px)`.
 * Inline bytes are measured (and images read for their pixel size); a URL or a provider's file
 * handle is named, never fetched.
 */
export function describeAttachment(part: Attachment): string {
  const name = typeof part.metadata?.filename === "string" && part.metadata.filename ? part.metadata.filename : "unnamed";
  const source = part.source ?? {};
  const facts = [part.type, typeof source.mimeType === "string" && source.mimeType ? source.mimeType : "unknown type"];
  const value = typeof source.value === "string" ? source.value : "";
  if (source.type === "data") {
    const bytes = Buffer.from(value, "base64");
    facts.push(count(bytes.length, "byte"));
    if (part.type === "image") facts.push(pixelSize(bytes) ?? "not an image I can read");
  } else if (source.type === "url") {
    facts.push(`a URL, not fetched: ${short(value)}`);
  } else if (source.type === "file") {
    facts.push(`a file handle${typeof source.provider === "string" ? ` at ${source.provider}` : ""}: ${short(value)}`);
  } else {
    facts.push("no source");
  }
  return `${name} (${facts.join(", ")})`;
}

/** The answer to a message with attachments: `I received 1 attachment: photo.png (image, image/png, 1,234 bytes, 64×48 px).` */
export function describeAttachments(parts: readonly Attachment[]): string {
  return `I received ${count(parts.length, "attachment")}: ${parts.map(describeAttachment).join("; ")}.`;
}

/** Says what the last user message carried: each attachment's name, kind, type, size and, for images, pixel size. */
export const attachments: Script = (input, { tokenDelayMs }) => {
  const parts = receivedAttachments(input);
  return run(input, textMessage(parts.length > 0 ? describeAttachments(parts) : "I received no attachments.", { tokenDelayMs }));
};

// The composer's attachment types, apart from the hook: the file handling (a chunk of its own) reads them too.
import type { PendingAttachment } from "@tandem/react";

export type { PendingAttachment } from "@tandem/react";

/** What files the composer takes and how: size and count limits, accepted types, and an optional upload. */
export interface AttachmentOptions {
  /** The largest file one can attach, in bytes (default 10 MB). */
  maxFileSize?: number;
  /** How many files one message can carry (default 10). */
  maxFiles?: number;
  /**
   * What to take, within what the agent takes: kinds (`"image"`, `"document"`…), MIME types
   * (`"application/pdf"`, `"image/*"`) or extensions (`".csv"`). Default: whatever the agent takes.
   */
  accept?: readonly string[];
  /**
   * Uploads a file as soon as it is added (abort on `signal`: the file was removed or the
   * composer unmounted); the message then carries the URL instead of the file's bytes.
   */
  upload?: (file: File, options: { signal: AbortSignal }) => Promise<{ url: string }>;
}

/** Replaces the draft's files, or changes them from what they are now (they live in the provider's `ComposerRuntime`). */
export type SetAttachments = (
  next: readonly PendingAttachment[] | ((current: readonly PendingAttachment[]) => readonly PendingAttachment[]),
) => void;

/** A file added to the composer and not sent yet, with its upload state. */
export interface PendingAttachment {
  id: string;
  file: File;
  /** `uploading` while `upload` runs; `unsupported` once the agent no longer takes its kind. */
  state: "ready" | "uploading" | "unsupported";
  /** Where `upload` put it. */
  url?: string;
}

/** The message being written: its text and the files going with it. */
export interface ComposerState {
  text: string;
  attachments: readonly PendingAttachment[];
}

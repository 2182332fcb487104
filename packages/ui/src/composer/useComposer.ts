import { type ComposerState, type EncodeAttachments, useAgent, useComposerDraft, useComposerRuntime } from "@tandem/react";
import { type KeyboardEvent, useCallback } from "react";
import { type ChatLabels, useLabels } from "../labels/labels.js";
import { loadFiles } from "./lazyFiles.js";
import { type AttachmentOptions, type UseAttachments, useAttachments } from "./useAttachments.js";

/** Options for `useComposer()`. */
export interface UseComposerOptions {
  /** Files the user can attach (picker, paste, drop) and their limits; `false` turns attachments off. */
  attachments?: AttachmentOptions | false;
}

/** What `useComposer()` returns: the draft, whether it can be sent, and send, stop and key handling. */
export interface UseComposer {
  text: string;
  /** Replaces the draft's text. */
  setText: (text: string) => void;
  /** There is something to send (text or files, all ready); while the agent replies, what is sent is queued. */
  canSend: boolean;
  /** The agent replies in a run this tab may stop: false while it follows a run another tab or device owns. */
  isRunning: boolean;
  /** Sends the text and attachments as a user message and clears the draft; does nothing unless `canSend`. */
  send: () => void;
  /** Stops the agent's run (`stop()`). */
  stop: () => void;
  /** Enter sends, Shift+Enter (or Enter while composing with an IME) is a newline. */
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  /** The files going with the message. */
  attachments: UseAttachments;
}

/**
 * The composer's behaviour. The draft (text and files) lives in the provider's `ComposerRuntime`,
 * which also decides what comes back when sending fails: what was sent is kept until the run
 * settles, and if the thread goes to "error" (the actions never reject) the files come back,
 * and so does the text if the box is empty.
 */
export function useComposer(options: UseComposerOptions = {}): UseComposer {
  // A run followed read-only (another tab's or device's) is not this composer's to stop.
  const isRunning = useAgent((s) => s.status === "running" && !s.following);
  const { stop } = useAgent();
  const composer = useComposerRuntime();
  const text = useComposerDraft(selectText);
  const labels = useLabels();
  const attachments = useAttachments(options.attachments);
  const { say } = attachments;
  const canSend = (text.trim() !== "" || attachments.items.length > 0) && attachments.ready;
  const setText = useCallback((next: string) => composer.setText(next), [composer]);

  const send = () => {
    if (!canSend) return;
    say(null);
    composer.send(readFiles(labels)).catch((message: string) => say(message));
  };

  return {
    text,
    setText,
    canSend,
    isRunning,
    send,
    stop,
    onKeyDown: (event) => {
      if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
      event.preventDefault();
      send();
    },
    attachments,
  };
}

const selectText = (s: ComposerState) => s.text;

/** The files as message parts, read (or their uploaded URLs); a file that cannot be read rejects with what to tell the user. */
const readFiles =
  (labels: ChatLabels): EncodeAttachments =>
  (files) =>
    // Files are only ever added once the file handling has loaded: this resolves at once.
    loadFiles().then(({ filePart }) =>
      Promise.all(
        files.map(({ file, url }) =>
          filePart(file, url).catch((error: Error) => Promise.reject(labels.attachmentFailed(file.name, error.message))),
        ),
      ),
    );

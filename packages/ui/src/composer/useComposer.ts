import { type InputContent, useAgent, useAgentClient } from "@tandem/react";
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import { useLabels } from "../labels/labels.js";
import { loadFiles } from "./lazyFiles.js";
import { type AttachmentOptions, type PendingAttachment, type UseAttachments, useAttachments } from "./useAttachments.js";

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

interface Draft {
  text: string;
  files: PendingAttachment[];
}

/**
 * The composer's behaviour. What was sent is kept until the run settles: if sending fails (the
 * thread goes to "error"; the actions never reject), the attachments come back, and so does the
 * text if the box is empty.
 */
export function useComposer(options: UseComposerOptions = {}): UseComposer {
  const status = useAgent((s) => s.status);
  const { sendMessage, stop } = useAgent();
  const client = useAgentClient();
  const labels = useLabels();
  const attachments = useAttachments(options.attachments);
  const { set: setFiles, say } = attachments;
  const [text, setText] = useState("");
  const sent = useRef<Draft | null>(null);
  const restored = useRef<Draft | null>(null);
  const isRunning = status === "running";
  const files = attachments.items;
  const canSend = (text.trim() !== "" || files.length > 0) && attachments.ready;

  // Reads and writes refs and state setters only, so it is the same function for the component's life.
  const restore = useCallback(() => {
    const copy = sent.current;
    sent.current = null;
    if (copy === null) return;
    restored.current = copy;
    setText((current) => (current === "" ? copy.text : current));
    setFiles((current) => [...copy.files.filter((f) => !current.some((c) => c.id === f.id)), ...current]);
  }, [setFiles]);

  useEffect(() => {
    if (status === "error") restore();
    else if (status === "idle" || status === "awaiting-input") sent.current = null;
    else if (status === "running" && restored.current !== null) {
      // Retry re-sends the message that is still in the thread: drop the restored copy.
      const copy = restored.current;
      restored.current = null;
      setText((current) => (current === copy.text ? "" : current));
      setFiles((current) => current.filter((c) => !copy.files.some((f) => f.id === c.id)));
    }
  }, [status, restore, setFiles]);

  const send = () => {
    if (!canSend) return;
    const copy = { text, files: [...files] };
    // Sent while the agent replies, it waits in the outbox (shown there, with Remove): the failure
    // of the reply under way is not this message's to put back in the box.
    if (!isRunning) sent.current = copy;
    restored.current = null;
    setText("");
    setFiles([]);
    say(null);
    if (copy.files.length === 0) {
      void sendMessage(copy.text);
      return;
    }
    // Files are only ever added once the file handling has loaded: this resolves at once.
    const parts = loadFiles().then(({ filePart }) =>
      Promise.all(
        copy.files.map(({ file, url }) =>
          filePart(file, url).catch((error: Error) => Promise.reject(labels.attachmentFailed(file.name, error.message))),
        ),
      ),
    );
    parts.then(
      (media) => {
        // The user left the thread while the files were read: nothing is sent, the draft comes back.
        if (client.retired) restore();
        else void sendMessage([...(copy.text.trim() === "" ? [] : [{ type: "text", text: copy.text } as InputContent]), ...media]);
      },
      (message: string) => {
        restore();
        say(message);
      },
    );
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

import { useAgent } from "@tandem/react";
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";

export interface UseComposer {
  text: string;
  setText: (text: string) => void;
  /** There is something to send and the agent is not busy. */
  canSend: boolean;
  isRunning: boolean;
  send: () => void;
  stop: () => void;
  /** Enter sends, Shift+Enter (or Enter while composing with an IME) is a newline. */
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
}

/**
 * The composer's behaviour. What was sent is kept until the run settles: if sending fails (the
 * thread goes to "error"; the actions never reject) and the box is empty, the text comes back.
 */
export function useComposer(): UseComposer {
  const status = useAgent((s) => s.status);
  const { sendMessage, stop } = useAgent();
  const [text, setText] = useState("");
  const sent = useRef<string | null>(null);
  const restored = useRef<string | null>(null);
  const isRunning = status === "running";
  const canSend = text.trim() !== "" && !isRunning;

  // Reads and writes refs and a state setter only, so it is the same function for the component's life.
  const restore = useCallback(() => {
    const copy = sent.current;
    sent.current = null;
    if (copy === null) return;
    restored.current = copy;
    setText((current) => (current === "" ? copy : current));
  }, []);

  useEffect(() => {
    if (status === "error") restore();
    else if (status === "idle" || status === "awaiting-input") sent.current = null;
    else if (status === "running" && restored.current !== null) {
      // Retry re-sends the message that is still in the thread: drop the restored copy.
      const copy = restored.current;
      restored.current = null;
      setText((current) => (current === copy ? "" : current));
    }
  }, [status, restore]);

  const send = () => {
    if (!canSend) return;
    const copy = text;
    sent.current = copy;
    restored.current = null;
    setText("");
    void sendMessage(copy);
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
  };
}

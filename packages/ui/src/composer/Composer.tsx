import { useEffect, useRef } from "react";
import { useConfirmationFocusRegistry } from "../tools/confirmationFocus.js";
import { cx } from "../util/cx.js";
import { useComposer } from "./useComposer.js";

export interface ComposerProps {
  placeholder?: string;
  className?: string;
}

/** The message box: Enter sends, Shift+Enter is a newline; Stop while the agent replies. */
export function Composer({ placeholder = "Message the agent…", className }: ComposerProps) {
  const { text, setText, canSend, isRunning, send, stop, onKeyDown } = useComposer();
  const input = useRef<HTMLTextAreaElement>(null);
  const confirmations = useConfirmationFocusRegistry();
  // Once the last pending confirmation is answered, focus comes back here.
  useEffect(() => confirmations.setComposer(() => input.current?.focus()), [confirmations]);
  return (
    <form
      className={cx("tandem-composer", className)}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <textarea
        ref={input}
        className="tandem-composer__input"
        aria-label="Message"
        placeholder={placeholder}
        rows={1}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {isRunning && (
        <button type="button" className="tandem-button tandem-composer__stop" onClick={stop}>
          Stop
        </button>
      )}
      <button type="submit" className="tandem-button tandem-button--primary tandem-composer__send" disabled={!canSend}>
        Send
      </button>
    </form>
  );
}

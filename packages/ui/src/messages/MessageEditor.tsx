import { composeEventHandlers } from "@radix-ui/primitive";
import { type InputContent, useAgent } from "@tandem/react";
import { type ComponentPropsWithoutRef, forwardRef, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useLabels } from "../labels/labels.js";
import { useConfirmationFocusRegistry } from "../tools/confirmationFocus.js";
import { cx } from "../util/cx.js";
import { textOfMessage, useMessageContext } from "./messageContext.js";

/** Props of `<MessageEditor>`: a `<form>`'s props. */
export interface MessageEditorProps extends ComponentPropsWithoutRef<"form"> {}

/**
 * Edits a sent user message in place: a textarea named "Edit message" with Save (sends the
 * edit as a new version of the turn, keeping the original) and Cancel. Enter saves,
 * Shift+Enter is a newline, Escape cancels; attachments of the message go with the edit.
 */
export const MessageEditor = forwardRef<HTMLFormElement, MessageEditorProps>(function MessageEditor({ className, onSubmit, ...rest }, ref) {
  const { message, setEditing } = useMessageContext("MessageEditor");
  const { editMessage } = useAgent();
  const labels = useLabels();
  const focus = useConfirmationFocusRegistry();
  const [text, setText] = useState(() => textOfMessage(message));
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const box = input.current;
    box?.focus();
    box?.setSelectionRange(box.value.length, box.value.length);
  }, []);

  const save = () => {
    if (text.trim() === "") return;
    const content = message.content;
    // The files the message carried go with the edited words.
    const files = Array.isArray(content) ? (content as InputContent[]).filter((p) => p.type !== "text") : [];
    setEditing(false);
    void editMessage(message.id, files.length > 0 ? [{ type: "text", text }, ...files] : text);
    // The edited message is a new row; the composer is where the conversation goes on.
    focus.handOff();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      setEditing(false);
    } else if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    }
  };
  return (
    <form
      {...rest}
      ref={ref}
      className={cx("tandem-message-editor", className)}
      onSubmit={composeEventHandlers(onSubmit, (event) => {
        event.preventDefault();
        save();
      })}
    >
      <textarea
        ref={input}
        aria-label={labels.editMessage}
        className="tandem-message-editor__input"
        value={text}
        rows={Math.min(8, Math.max(2, text.split("\n").length))}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="tandem-message-editor__buttons">
        <button type="button" className="tandem-button tandem-button--ghost" onClick={() => setEditing(false)}>
          {labels.cancel}
        </button>
        <button type="submit" className="tandem-button tandem-button--primary" disabled={text.trim() === ""}>
          {labels.save}
        </button>
      </div>
    </form>
  );
});

declare module "../parts/registry.js" {
  interface ChatParts {
    /** The form editing a user message. */
    MessageEditor: MessageEditorProps;
  }
}

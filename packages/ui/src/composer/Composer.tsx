import { composeEventHandlers } from "@radix-ui/primitive";
import { useComposedRefs } from "@radix-ui/react-compose-refs";
import { type ComponentPropsWithoutRef, forwardRef, useCallback, useEffect, useId, useRef, useState } from "react";
import { useLabels } from "../labels/labels.js";
import { usePart } from "../parts/registry.js";
import { useConfirmationFocusRegistry } from "../tools/confirmationFocus.js";
import { cx } from "../util/cx.js";
import { ActionButton, type PartButtonProps } from "../util/Primitive.js";
import { ComposerAttachButton, ComposerAttachments } from "./ComposerAttachments.js";
import { ComposerContext, useComposerContext } from "./context.js";
import type { AttachmentOptions } from "./useAttachments.js";
import { useComposer } from "./useComposer.js";

/** Props of `<Composer>`: a `<form>`'s props, plus the input's placeholder and the attachment options. */
export interface ComposerProps extends ComponentPropsWithoutRef<"form"> {
  /** The default input's placeholder (default: the `placeholder` label). */
  placeholder?: string;
  /**
   * Files the user can attach (picker, paste, drop onto the composer) and their limits, within
   * what the agent takes; `false` turns attachments off.
   */
  attachments?: AttachmentOptions | false;
}

/**
 * The message box: a form (`data-state="idle|running"`, `data-dragging` while files are dragged
 * over it) holding ComposerAttachButton, ComposerInput, ComposerDictate (where the browser has
 * speech recognition), ComposerStop, ComposerSend and ComposerAttachments, or the `children` you compose from them. Enter sends, Shift+Enter is a newline;
 * Stop while the agent replies. An `onSubmit` that calls `preventDefault()` keeps it from sending.
 * Paste and drop add files while a ComposerAttachments shows them; what is refused is said in a
 * polite status region that describes the input.
 */
export const Composer = forwardRef<HTMLFormElement, ComposerProps>(function Composer(
  { placeholder, attachments: options, className, children, onSubmit, ...rest },
  ref,
) {
  const composer = useComposer({ attachments: options });
  const { attachments } = composer;
  const labels = useLabels();
  const ComposerDictate = usePart("ComposerDictate");
  const inputRef = useRef<HTMLTextAreaElement | null>(null);
  const noticeId = useId();
  const [lists, setLists] = useState(0);
  const showList = useCallback(() => {
    setLists((n) => n + 1);
    return () => setLists((n) => n - 1);
  }, []);
  const on = options !== false;
  const handlers = on && lists > 0 ? afterTheirs(rest, attachments.handlers) : undefined;
  const confirmations = useConfirmationFocusRegistry();
  // Once the last pending confirmation is answered, focus comes back to the input.
  useEffect(() => confirmations.setComposer(() => inputRef.current?.focus()), [confirmations]);
  return (
    <ComposerContext.Provider value={{ ...composer, inputRef, noticeId: on ? noticeId : undefined, showList }}>
      <form
        data-state={composer.isRunning ? "running" : "idle"}
        data-dragging={attachments.dragging ? "" : undefined}
        {...rest}
        {...handlers}
        ref={ref}
        className={cx("tandem-composer", className)}
        onSubmit={composeEventHandlers(onSubmit, (event) => {
          event.preventDefault();
          composer.send();
        })}
      >
        {children ?? (
          <>
            <ComposerAttachButton />
            <ComposerInput {...(placeholder !== undefined && { placeholder })} />
            <ComposerDictate />
            <ComposerStop />
            <ComposerSend />
            {/* After the buttons: Tab goes from the message to Send, then to each file's Remove. */}
            <ComposerAttachments />
          </>
        )}
        {on && (
          // A live region without role="status": the chat's one status region stays the run's announcer.
          <p id={noticeId} aria-live="polite" aria-atomic="true" data-testid="composer-notice" className="tandem-composer__notice">
            {attachments.notice}
          </p>
        )}
        {attachments.dragging && <p className="tandem-composer__drop">{labels.dropFiles}</p>}
      </form>
    </ComposerContext.Provider>
  );
});

/** Each of our handlers after the app's own of the same name (skipped if it called preventDefault). */
function afterTheirs<T extends object>(theirs: object, ours: T): T {
  const merged = { ...ours };
  for (const name in ours) merged[name] = composeEventHandlers((theirs as Record<string, never>)[name], ours[name] as never) as never;
  return merged;
}

/** Props of `<ComposerInput>`: a `<textarea>`'s props, without `value` and `defaultValue` (the composer owns the text). */
export interface ComposerInputProps extends Omit<ComponentPropsWithoutRef<"textarea">, "value" | "defaultValue"> {}

/**
 * The composer's textarea, named by the `message` label and described by the attachments' status;
 * focus returns here once confirmations are answered.
 */
export const ComposerInput = forwardRef<HTMLTextAreaElement, ComposerInputProps>(function ComposerInput(
  { className, onChange, onKeyDown, "aria-describedby": describedBy, ...rest },
  ref,
) {
  const { text, setText, onKeyDown: keys, inputRef, noticeId } = useComposerContext("ComposerInput");
  const labels = useLabels();
  const refs = useComposedRefs(ref, inputRef);
  return (
    <textarea
      aria-label={labels.message}
      placeholder={labels.placeholder}
      rows={1}
      aria-describedby={cx(describedBy, noticeId) || undefined}
      {...rest}
      ref={refs}
      className={cx("tandem-composer__input", className)}
      value={text}
      onChange={composeEventHandlers(onChange, (event) => setText(event.target.value))}
      onKeyDown={composeEventHandlers(onKeyDown, keys)}
    />
  );
});

/** Props of `<ComposerSend>`: a button's props, and `asChild`. */
export interface ComposerSendProps extends PartButtonProps {}

/**
 * Submits the composer (`type="submit"`), disabled with `data-disabled` while there is nothing
 * to send. While the agent replies it stays enabled: what is sent then waits in the outbox and
 * goes when the reply ends. With `asChild`, the child must submit the form (a button).
 */
export const ComposerSend = forwardRef<HTMLButtonElement, ComposerSendProps>(function ComposerSend(props, ref) {
  const { canSend } = useComposerContext("ComposerSend");
  const labels = useLabels();
  return (
    <ActionButton
      type="submit"
      {...props}
      ref={ref}
      off={!canSend}
      label={labels.send}
      classes="tandem-button tandem-button--primary tandem-composer__send"
    />
  );
});

/** Props of `<ComposerStop>`: a button's props, and `asChild`. */
export interface ComposerStopProps extends PartButtonProps {}

/** Stops the agent; rendered only while it replies. */
export const ComposerStop = forwardRef<HTMLButtonElement, ComposerStopProps>(function ComposerStop(props, ref) {
  const { isRunning, stop, inputRef } = useComposerContext("ComposerStop");
  const labels = useLabels();
  const shown = useRef<HTMLButtonElement | null>(null);
  // Stop goes away when the run ends (or is stopped): focus that was on it goes on in the message box.
  const keepFocus = useCallback(
    (button: HTMLButtonElement | null) => {
      const leaving = shown.current;
      shown.current = button;
      if (!button && leaving?.ownerDocument.activeElement === leaving) queueMicrotask(() => inputRef.current?.focus());
    },
    [inputRef],
  );
  const refs = useComposedRefs(ref, keepFocus);
  if (!isRunning) return null;
  return <ActionButton {...props} ref={refs} action={stop} label={labels.stop} classes="tandem-button tandem-composer__stop" />;
});

declare module "../parts/registry.js" {
  interface ChatParts {
    /** The message box with Send, Stop, attachments and dictation. */
    Composer: ComposerProps;
  }
}

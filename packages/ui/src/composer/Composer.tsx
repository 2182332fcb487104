import { type ComponentPropsWithoutRef, createContext, forwardRef, type RefObject, useContext, useEffect, useRef } from "react";
import { useLabels } from "../labels/labels.js";
import { useConfirmationFocusRegistry } from "../tools/confirmationFocus.js";
import { composeEventHandlers } from "../util/composeEventHandlers.js";
import { useComposedRefs } from "../util/composeRefs.js";
import { cx } from "../util/cx.js";
import { ActionButton, type PartButtonProps } from "../util/Primitive.js";
import { type UseComposer, useComposer } from "./useComposer.js";

interface ComposerContextValue extends UseComposer {
  /** The message box, for focus to come back to (ComposerInput attaches it). */
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

const ComposerContext = createContext<ComposerContextValue | null>(null);

function useComposerContext(part: string): ComposerContextValue {
  const value = useContext(ComposerContext);
  if (!value) throw new Error(`<${part}> must be inside <Composer>.`);
  return value;
}

export interface ComposerProps extends ComponentPropsWithoutRef<"form"> {
  /** The default input's placeholder (default: the `placeholder` label). */
  placeholder?: string;
}

/**
 * The message box: a form (`data-state="idle|running"`) holding ComposerInput, ComposerStop and
 * ComposerSend, or the `children` you compose from them. Enter sends, Shift+Enter is a newline;
 * Stop while the agent replies. An `onSubmit` that calls `preventDefault()` keeps it from sending.
 */
export const Composer = forwardRef<HTMLFormElement, ComposerProps>(function Composer(
  { placeholder, className, children, onSubmit, ...rest },
  ref,
) {
  const composer = useComposer();
  const inputRef = useRef<HTMLTextAreaElement | null>(null);
  const confirmations = useConfirmationFocusRegistry();
  // Once the last pending confirmation is answered, focus comes back to the input.
  useEffect(() => confirmations.setComposer(() => inputRef.current?.focus()), [confirmations]);
  return (
    <ComposerContext.Provider value={{ ...composer, inputRef }}>
      <form
        data-state={composer.isRunning ? "running" : "idle"}
        {...rest}
        ref={ref}
        className={cx("tandem-composer", className)}
        onSubmit={composeEventHandlers(onSubmit, (event) => {
          event.preventDefault();
          composer.send();
        })}
      >
        {children ?? (
          <>
            <ComposerInput {...(placeholder !== undefined && { placeholder })} />
            <ComposerStop />
            <ComposerSend />
          </>
        )}
      </form>
    </ComposerContext.Provider>
  );
});

export interface ComposerInputProps extends Omit<ComponentPropsWithoutRef<"textarea">, "value" | "defaultValue"> {}

/** The composer's textarea, named by the `message` label; focus returns here once confirmations are answered. */
export const ComposerInput = forwardRef<HTMLTextAreaElement, ComposerInputProps>(function ComposerInput(
  { className, onChange, onKeyDown, ...rest },
  ref,
) {
  const { text, setText, onKeyDown: keys, inputRef } = useComposerContext("ComposerInput");
  const labels = useLabels();
  const refs = useComposedRefs(ref, inputRef);
  return (
    <textarea
      aria-label={labels.message}
      placeholder={labels.placeholder}
      rows={1}
      {...rest}
      ref={refs}
      className={cx("tandem-composer__input", className)}
      value={text}
      onChange={composeEventHandlers(onChange, (event) => setText(event.target.value))}
      onKeyDown={composeEventHandlers(onKeyDown, keys)}
    />
  );
});

export interface ComposerSendProps extends PartButtonProps {}

/**
 * Submits the composer (`type="submit"`), disabled with `data-disabled` while there is nothing
 * to send or the agent replies. With `asChild`, the child must submit the form (a button).
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

export interface ComposerStopProps extends PartButtonProps {}

/** Stops the agent; rendered only while it replies. */
export const ComposerStop = forwardRef<HTMLButtonElement, ComposerStopProps>(function ComposerStop(props, ref) {
  const { isRunning, stop } = useComposerContext("ComposerStop");
  const labels = useLabels();
  if (!isRunning) return null;
  return <ActionButton {...props} ref={ref} action={stop} label={labels.stop} classes="tandem-button tandem-composer__stop" />;
});

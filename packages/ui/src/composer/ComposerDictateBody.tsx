import { useComposedRefs } from "@radix-ui/react-compose-refs";
import { forwardRef, useEffect, useRef, useState } from "react";
import { useLabels } from "../labels/labels.js";
import { cx } from "../util/cx.js";
import { MicIcon } from "../util/icons.js";
import type { PartButtonProps } from "../util/Primitive.js";
import { useComposerContext } from "./context.js";
import { type Dictation, dictate } from "./dictation.js";

/** The Dictate button and what it does: `ComposerDictate`'s code, a chunk of its own. */
/** Props of the loaded Dictate button: a button's props (see `<ComposerDictate>`). */
export interface ComposerDictateBodyProps extends Omit<PartButtonProps, "asChild"> {}

/** The Dictate button itself, loaded by `<ComposerDictate>` where the browser has speech recognition. */
export const ComposerDictateBody = forwardRef<HTMLButtonElement, ComposerDictateBodyProps>(function ComposerDictateBody(
  { className, onClick, ...rest },
  ref,
) {
  const { text, setText, inputRef } = useComposerContext("ComposerDictate");
  const labels = useLabels();
  const [listening, setListening] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const session = useRef<Dictation | null>(null);
  const own = useRef<HTMLButtonElement>(null);
  const refs = useComposedRefs(ref, own);
  const latestText = useRef(text);
  latestText.current = text;

  const stop = () => session.current?.stop();
  const start = () => {
    const typed = latestText.current;
    const before = typed === "" || /\s$/.test(typed) ? typed : `${typed} `;
    setProblem(null);
    try {
      session.current = dictate(document.documentElement.lang || navigator.language || "en-US", {
        onText: (words) => setText(before + words),
        onEnd: (error) => {
          session.current = null;
          setListening(false);
          if (error) setProblem(labels.dictationError(error));
        },
      });
      setListening(true);
    } catch (error) {
      setProblem(labels.dictationError((error as { name?: string }).name === "NotAllowedError" ? "not-allowed" : "failed"));
    }
  };

  // While listening: Escape stops, typing stops (the typed words stay), sending drops what is left.
  useEffect(() => {
    const form = own.current?.form;
    if (!listening || !form) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      session.current?.stop();
    };
    const onInput = (event: Event) => {
      if (event.target === inputRef.current) session.current?.stop();
    };
    const onSubmit = () => session.current?.abort();
    form.addEventListener("keydown", onKeyDown);
    form.addEventListener("input", onInput);
    form.addEventListener("submit", onSubmit);
    return () => {
      form.removeEventListener("keydown", onKeyDown);
      form.removeEventListener("input", onInput);
      form.removeEventListener("submit", onSubmit);
    };
  }, [listening, inputRef]);
  useEffect(() => () => session.current?.abort(), []);

  return (
    <>
      <button
        type="button"
        aria-label={labels.dictate}
        title={labels.dictate}
        aria-pressed={listening}
        data-state={listening ? "listening" : "idle"}
        {...rest}
        ref={refs}
        className={cx("tandem-button tandem-button--ghost tandem-composer__dictate", className)}
        onClick={(event) => {
          onClick?.(event);
          if (event.defaultPrevented) return;
          if (listening) stop();
          else start();
        }}
      >
        {MicIcon}
      </button>
      {/* A live region without role="status": the chat's one status region stays the run's announcer. */}
      <span aria-live="polite" className="tandem-composer__dictation-notice">
        {problem}
      </span>
    </>
  );
});

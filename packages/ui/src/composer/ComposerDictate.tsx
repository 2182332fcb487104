import { forwardRef, useSyncExternalStore } from "react";
import { type LazyPart, lazyPart } from "../util/lazyPart.js";
import type { ComposerDictateBodyProps } from "./ComposerDictateBody.js";
import { canDictate } from "./speechRecognition.js";

/** Props of `<ComposerDictate>`: a button's props. */
export interface ComposerDictateProps extends ComposerDictateBodyProps {}

const ComposerDictateBody = lazyPart<ComposerDictateProps, HTMLButtonElement>(() =>
  import("./ComposerDictateBody.js").then((m) => m.ComposerDictateBody),
);

const never = () => () => {};

/**
 * The microphone toggle ("Dictate", `aria-pressed` while listening), rendered only where the
 * browser has speech recognition (never on the server; its code loads only there). Heard words
 * go into the message box after what was typed, interim ones as they come; a second press,
 * Escape, or typing stops. Nothing is sent until the user sends. A failure (no permission, no
 * speech) is said in a polite live region beside it.
 */
export const ComposerDictate: LazyPart<ComposerDictateProps, HTMLButtonElement> = Object.assign(
  forwardRef<HTMLButtonElement, ComposerDictateProps>(function ComposerDictate(props, ref) {
    const supported = useSyncExternalStore(never, canDictate, () => false);
    return supported ? <ComposerDictateBody {...props} ref={ref} /> : null;
  }),
  { preload: ComposerDictateBody.preload, loaded: ComposerDictateBody.loaded },
);

declare module "../parts/registry.js" {
  interface ChatParts {
    /** The microphone toggle (where the browser has speech recognition). */
    ComposerDictate: ComposerDictateProps;
  }
}

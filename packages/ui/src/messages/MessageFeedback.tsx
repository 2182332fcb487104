import type { ComponentPropsWithoutRef } from "react";
import { lazyPart } from "../util/lazyPart.js";

/** Props of `<MessageFeedback>`: a `<span>`'s props (the span holds the two toggles). */
export interface MessageFeedbackProps extends ComponentPropsWithoutRef<"span"> {}

/**
 * Thumbs up and down on a reply: two toggle buttons ("Good response", "Bad response",
 * `aria-pressed`); pressing the pressed one takes the rating back. A thumbs down opens a short
 * form for an optional comment (focus goes to it; Escape or Cancel closes it and focus comes
 * back to the button). The rating is kept with the thread and told to the provider's
 * `onFeedback`. Its code loads the first time it renders, so apps without feedback do not ship it.
 */
export const MessageFeedback = lazyPart<MessageFeedbackProps, HTMLSpanElement>(() =>
  import("./MessageFeedbackBody.js").then((m) => m.MessageFeedbackBody),
);

declare module "../parts/registry.js" {
  interface ChatParts {
    /** Thumbs up and down on a reply (where the app takes feedback). */
    MessageFeedback: MessageFeedbackProps;
  }
}

import { type Rating, useFeedback } from "@tandem/react";
import { type ComponentPropsWithoutRef, forwardRef, type KeyboardEvent, type ReactElement, useEffect, useRef, useState } from "react";
import { useLabels } from "../labels/labels.js";
import { cx } from "../util/cx.js";
import { ThumbDownIcon, ThumbUpIcon } from "../util/icons.js";
import { useMessageContext } from "./messageContext.js";

/** Thumbs up and down on a reply, and the comment form after a thumbs down: `MessageFeedback`'s code, a chunk of its own. */
export const MessageFeedbackBody = forwardRef<HTMLSpanElement, ComponentPropsWithoutRef<"span">>(function MessageFeedbackBody(
  { className, ...rest },
  ref,
) {
  const { message } = useMessageContext("MessageFeedback");
  const { rating, comment, give } = useFeedback(message.id);
  const labels = useLabels();
  const [asking, setAsking] = useState(false);
  const down = useRef<HTMLButtonElement>(null);
  const toggle = (pressed: Rating) => {
    const next = rating === pressed ? null : pressed;
    void give(next);
    setAsking(next === "down");
  };
  const close = () => {
    setAsking(false);
    down.current?.focus();
  };
  const button = (value: Rating, label: string, icon: ReactElement) => (
    <button
      type="button"
      ref={value === "down" ? down : undefined}
      aria-label={label}
      title={label}
      aria-pressed={rating === value}
      {...(value === "down" && { "aria-expanded": asking })}
      className={`tandem-button tandem-button--ghost tandem-message-feedback__${value}`}
      onClick={() => toggle(value)}
    >
      {icon}
    </button>
  );
  return (
    <>
      <span data-rating={rating ?? undefined} {...rest} ref={ref} className={cx("tandem-message-feedback", className)}>
        {button("up", labels.goodResponse, ThumbUpIcon)}
        {button("down", labels.badResponse, ThumbDownIcon)}
      </span>
      {asking && (
        <FeedbackComment
          initial={comment ?? ""}
          onDone={(text) => {
            if (text !== undefined && text.trim() !== "") void give("down", text);
            close();
          }}
        />
      )}
    </>
  );
});

/** The form after a thumbs down: an optional comment, sent with the rating, or left. */
function FeedbackComment({ initial, onDone }: { initial: string; onDone: (text?: string) => void }) {
  const labels = useLabels();
  const [text, setText] = useState(initial);
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => input.current?.focus(), []);
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation();
    onDone();
  };
  return (
    <form
      aria-label={labels.feedbackForm}
      className="tandem-message-feedback__form"
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        onDone(text);
      }}
    >
      <textarea
        ref={input}
        aria-label={labels.feedbackComment}
        placeholder={labels.feedbackComment}
        className="tandem-message-feedback__comment"
        rows={2}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="tandem-message-feedback__buttons">
        <button type="button" className="tandem-button tandem-button--ghost" onClick={() => onDone()}>
          {labels.cancel}
        </button>
        <button type="submit" className="tandem-button tandem-button--primary" disabled={text.trim() === ""}>
          {labels.sendFeedback}
        </button>
      </div>
    </form>
  );
}

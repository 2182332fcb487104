import { type OutboxItem, useAgent, useOutbox } from "@tandem/react";
import { type ComponentPropsWithoutRef, forwardRef } from "react";
import { useLabels } from "../labels/labels.js";
import { cx } from "../util/cx.js";
import { ActionButton } from "../util/Primitive.js";

/** Props of `<Outbox>`: a `<div>`'s props. */
export interface OutboxProps extends ComponentPropsWithoutRef<"div"> {}

/**
 * The messages sent but not in the thread yet, above the composer (`data-testid="outbox"`,
 * `data-state` the first one's state): a list named by the `outbox` label, each message
 * `data-testid="queued-message"` with `data-state="queued|waiting|held"`, its state in words, its
 * text and a Remove button. A polite status line says why they wait; after a Stop, an error or
 * a failed connection, a "Send now" button sends them on. While the agent cannot be reached
 * (`unreachable`: the browser is online, the connection refused), an alert says so
 * (`data-testid="outbox-alert"`, `role="alert"`) and the messages are tried again by themselves. The status line stays in the page while
 * the outbox is empty, so what it says later is announced.
 */
export const Outbox = forwardRef<HTMLDivElement, OutboxProps>(function Outbox({ className, ...rest }, ref) {
  const { items, remove, sendOn } = useOutbox();
  const failed = useAgent((s) => s.status === "error");
  const labels = useLabels();
  const first = items[0];
  return (
    <div data-testid="outbox" data-state={first?.state} {...rest} ref={ref} className={cx("tandem-outbox", className)}>
      {first && (
        <ul aria-label={labels.outbox} className="tandem-outbox__list">
          {items.map((item) => (
            <li
              key={item.id}
              data-testid="queued-message"
              data-state={item.state}
              data-message-id={item.id}
              className="tandem-outbox__item"
            >
              <span className="tandem-outbox__state">{labels.outboxState(item.state)}</span>
              <span className="tandem-outbox__text">{textOf(item)}</span>
              <button
                type="button"
                aria-label={labels.removeQueued(textOf(item))}
                className="tandem-button tandem-outbox__remove"
                onClick={() => remove(item.id)}
              >
                {labels.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      {first?.state === "unreachable" && (
        <p role="alert" data-testid="outbox-alert" className="tandem-outbox__alert">
          {labels.agentUnreachable}
        </p>
      )}
      <p aria-live="polite" aria-atomic="true" data-testid="outbox-status" className="tandem-outbox__status">
        {first ? labels.outboxStatus({ count: items.length, state: first.state, failed }) : ""}
      </p>
      {first && first.state !== "queued" && (
        <ActionButton action={sendOn} label={labels.sendNow} classes="tandem-button tandem-outbox__send" />
      )}
    </div>
  );
});

/** A message's text, and its files by name (or kind). */
function textOf(item: OutboxItem): string {
  if (typeof item.content === "string") return item.content;
  return item.content
    .map((part) => {
      if (part.type === "text") return part.text;
      const { metadata } = part as { metadata?: { filename?: unknown } };
      return typeof metadata?.filename === "string" ? metadata.filename : part.type;
    })
    .join(" ");
}

declare module "../parts/registry.js" {
  interface ChatParts {
    /** Messages sent while the agent replies or offline, above the composer. */
    Outbox: OutboxProps;
  }
}

import { composeEventHandlers } from "@radix-ui/primitive";
import type { Interrupt } from "@tandem/react";
import { type ComponentPropsWithoutRef, forwardRef, useId, useState } from "react";
import { useLabels } from "../labels/labels.js";
import { cx } from "../util/cx.js";
import { FieldInput } from "./FieldInput.js";
import { humanize } from "./humanize.js";
import { InterruptExpiry } from "./InterruptExpiry.js";
import { useExpiry } from "./useExpiry.js";
import { useInterruptForm } from "./useInterruptForm.js";

/** Props of `<InterruptPrompt>`: a `<form>`'s props, plus the interrupt and the two ways to answer it. */
export interface InterruptPromptProps extends Omit<ComponentPropsWithoutRef<"form">, "children"> {
  interrupt: Interrupt;
  /** Called with the answer when the form is submitted. */
  onResolve: (payload?: unknown) => void;
  /** Called when the user cancels. */
  onCancel: () => void;
}

/**
 * The default prompt for a pending interrupt: its reason and message, a small form from
 * `responseSchema` (string, number, boolean, enum properties) or a JSON/text field, and
 * Resolve / Cancel. With `expiresAt` it shows the time left; once expired it says so and
 * cannot be answered.
 */
export const InterruptPrompt = forwardRef<HTMLFormElement, InterruptPromptProps>(function InterruptPrompt(
  { interrupt, onResolve, onCancel, className, onSubmit, ...rest },
  ref,
) {
  const labels = useLabels();
  const [answered, setBusy] = useState(false);
  const expiry = useExpiry(interrupt);
  // An expired interrupt cannot be answered: it goes to the agent as cancelled.
  const busy = answered || expiry.expired;
  const resolve = (payload?: unknown) => {
    if (busy) return;
    setBusy(true);
    onResolve(payload);
  };
  const form = useInterruptForm(interrupt, resolve);
  const titleId = useId();
  const fieldId = useId();
  return (
    <form
      aria-labelledby={titleId}
      data-interrupt-id={interrupt.id}
      data-state={answered ? "answered" : expiry.expired ? "expired" : "pending"}
      noValidate
      {...rest}
      ref={ref}
      className={cx("tandem-interrupt", className)}
      onSubmit={composeEventHandlers(onSubmit, form.submit)}
    >
      <p id={titleId} className="tandem-interrupt__reason">
        {humanize(interrupt.reason, labels.interrupt)}
      </p>
      {interrupt.message && <p className="tandem-interrupt__message">{interrupt.message}</p>}
      {form.fields ? (
        form.fields.map((field) => <FieldInput key={field.name} field={field} form={form} id={`${fieldId}-${field.name}`} />)
      ) : (
        <div className="tandem-field">
          <label htmlFor={fieldId}>{labels.interruptResponse}</label>
          <textarea id={fieldId} value={form.text} onChange={(e) => form.setText(e.target.value)} />
        </div>
      )}
      <InterruptExpiry expiry={expiry} />
      <div className="tandem-interrupt__actions">
        <button type="submit" className="tandem-button tandem-button--primary" disabled={busy} data-disabled={busy ? "" : undefined}>
          {labels.resolve}
        </button>
        <button
          type="button"
          className="tandem-button"
          disabled={busy}
          data-disabled={busy ? "" : undefined}
          onClick={() => {
            setBusy(true);
            onCancel();
          }}
        >
          {labels.cancel}
        </button>
      </div>
    </form>
  );
});

declare module "../parts/registry.js" {
  interface ChatParts {
    /** An interrupt that asks a question (a form from its schema). */
    InterruptPrompt: InterruptPromptProps;
  }
}

import type { Interrupt } from "@tandem/react";
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, useId, useState } from "react";
import { useLabels } from "../labels/labels.js";
import { composeEventHandlers } from "../util/composeEventHandlers.js";
import { cx } from "../util/cx.js";
import type { Field } from "./schemaForm.js";
import { type InterruptForm, useInterruptForm } from "./useInterruptForm.js";

/** Props of `<InterruptPrompt>`: a `<form>`'s props, plus the interrupt and the two ways to answer it. */
export interface InterruptPromptProps extends Omit<ComponentPropsWithoutRef<"form">, "children"> {
  interrupt: Interrupt;
  /** Called with the answer when the form is submitted. */
  onResolve: (payload?: unknown) => void;
  /** Called when the user cancels. */
  onCancel: () => void;
}

/** The reason as a sentence ("pick_size" → "Pick size"); `fallback` when it has no words. */
const humanize = (reason: string, fallback: string) => {
  const words = reason.replace(/[_-]+/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : fallback;
};

function FieldInput({ field, form, id }: { field: Field; form: InterruptForm; id: string }) {
  const labels = useLabels();
  const value = form.values[field.name] ?? field.initial;
  const error = form.errors[field.name];
  const errorId = `${id}-error`;
  const common = {
    id,
    name: field.name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  };
  let input: ReactNode;
  if (field.kind === "boolean") {
    input = <input {...common} type="checkbox" checked={value === true} onChange={(e) => form.setValue(field.name, e.target.checked)} />;
  } else if (field.kind === "enum") {
    input = (
      <select {...common} required={field.required} value={String(value)} onChange={(e) => form.setValue(field.name, e.target.value)}>
        {(!field.required || value === "") && <option value="">{labels.choose}</option>}
        {field.options?.map((o) => (
          <option key={String(o)} value={String(o)}>
            {String(o)}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === "json") {
    input = (
      <textarea {...common} required={field.required} value={String(value)} onChange={(e) => form.setValue(field.name, e.target.value)} />
    );
  } else {
    input = (
      <input
        {...common}
        type={field.kind === "string" ? "text" : "number"}
        step={field.kind === "integer" ? 1 : field.kind === "number" ? "any" : undefined}
        required={field.required}
        value={String(value)}
        onChange={(e) => form.setValue(field.name, e.target.value)}
      />
    );
  }
  return (
    <div className={cx("tandem-field", field.kind === "boolean" && "tandem-field--checkbox")}>
      <label htmlFor={id}>
        {field.label}
        {field.required && <span aria-hidden="true"> *</span>}
      </label>
      {input}
      {field.description && <p className="tandem-field__hint">{field.description}</p>}
      {error && (
        <p id={errorId} className="tandem-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The default prompt for a pending interrupt: its reason and message, a small form from
 * `responseSchema` (string, number, boolean, enum properties) or a JSON/text field, and
 * Resolve / Cancel.
 */
export const InterruptPrompt = forwardRef<HTMLFormElement, InterruptPromptProps>(function InterruptPrompt(
  { interrupt, onResolve, onCancel, className, onSubmit, ...rest },
  ref,
) {
  const labels = useLabels();
  const [busy, setBusy] = useState(false);
  const resolve = (payload?: unknown) => {
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
      data-state={busy ? "answered" : "pending"}
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

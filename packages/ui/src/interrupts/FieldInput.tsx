import type { ReactNode } from "react";
import { useLabels } from "../labels/labels.js";
import { cx } from "../util/cx.js";
import type { Field, FieldValues } from "./schemaForm.js";

/** What a field reads and writes: the form's values and errors (an InterruptForm or an arguments form). */
export interface FieldState {
  values: FieldValues;
  errors: Record<string, string>;
  setValue: (name: string, value: string | boolean) => void;
}

/** One field of a form drawn from a JSON Schema: label, input by kind, hint and error. */
export function FieldInput({ field, form, id }: { field: Field; form: FieldState; id: string }) {
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

import type { Interrupt } from "@tandem/react";
import { type FormEvent, useMemo, useState } from "react";
import { useLabels } from "../labels/labels.js";
import { type Field, type FieldValues, fieldsOf, parseFreeForm, toPayload } from "./schemaForm.js";

/** What `useInterruptForm()` returns: the fields (or free-form text), their values and errors, and submit. */
export interface InterruptForm {
  /** Fields drawn from `responseSchema`, or null for a free-form (JSON or text) answer. */
  fields: Field[] | null;
  values: FieldValues;
  /** Sets one field's value. */
  setValue: (name: string, value: string | boolean) => void;
  text: string;
  /** Sets the free-form answer's text. */
  setText: (text: string) => void;
  errors: Record<string, string>;
  /** Resolves the interrupt with the answer (free-form text parsed as JSON when it can be), or sets `errors` when fields are invalid. */
  submit: (event?: FormEvent) => void;
}

/** The answer to one interrupt, built from its responseSchema when it has one. */
export function useInterruptForm(interrupt: Interrupt, onResolve: (payload?: unknown) => void): InterruptForm {
  const fields = useMemo(() => fieldsOf(interrupt.responseSchema), [interrupt.responseSchema]);
  const [values, setValues] = useState<FieldValues>(() => Object.fromEntries((fields ?? []).map((f) => [f.name, f.initial])));
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const labels = useLabels();
  return {
    fields,
    values,
    setValue: (name, value) => setValues((v) => ({ ...v, [name]: value })),
    text,
    setText,
    errors,
    submit: (event) => {
      event?.preventDefault();
      if (!fields) return onResolve(parseFreeForm(text));
      const result = toPayload(fields, values, {
        required: labels.fieldRequired,
        integer: labels.fieldInteger,
        number: labels.fieldNumber,
        json: labels.fieldJson,
      });
      setErrors(result.errors);
      if (Object.keys(result.errors).length === 0) onResolve(result.payload);
    },
  };
}

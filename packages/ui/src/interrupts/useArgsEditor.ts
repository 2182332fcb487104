import { type ApprovalTarget, validateArgs } from "@tandem/react";
import { useMemo, useState } from "react";
import { useLabels } from "../labels/labels.js";
import { type ArgChange, argsDiff } from "./argsDiff.js";
import type { FieldState } from "./FieldInput.js";
import { type Field, type FieldValues, fieldsOf, toPayload } from "./schemaForm.js";

/** The form that edits a tool call's arguments before approving them (approve with edits). */
export interface ArgsEditor extends FieldState {
  editing: boolean;
  /** Opens the form (from the agent's arguments), or closes it and drops the edit. */
  toggle: () => void;
  /** Fields drawn from the tool's JSON Schema, or null: the arguments are edited as JSON text. */
  fields: Field[] | null;
  text: string;
  setText: (text: string) => void;
  /** A problem with the arguments as a whole (not JSON, or not what the schema allows). */
  problem: string | null;
  /** The changes so far, for the diff shown before approving; null while a field is invalid. */
  changes: ArgChange[] | null;
  /** Checks the edit (fields, then the schema); the full arguments to send, or null with the errors shown. */
  check: () => Promise<Record<string, unknown> | null>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function initialValues(fields: Field[], args: Record<string, unknown>): FieldValues {
  return Object.fromEntries(
    fields.map((f) => {
      const value = args[f.name];
      if (value === undefined) return [f.name, f.initial];
      if (f.kind === "boolean") return [f.name, value === true];
      return [f.name, f.kind === "json" || typeof value === "object" ? JSON.stringify(value) : String(value)];
    }),
  );
}

/**
 * Edits `target.args` with a form drawn from `target.schema` (JSON text for what it cannot
 * draw, or for all of it without a schema). The result replaces the arguments in full:
 * arguments the form does not show are kept as they were.
 */
export function useArgsEditor(target: ApprovalTarget): ArgsEditor {
  const labels = useLabels();
  const fields = useMemo(() => fieldsOf(target.schema), [target.schema]);
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<FieldValues>({});
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const build = (): { args: Record<string, unknown> | null; errors: Record<string, string>; problem: string | null } => {
    if (!fields) {
      try {
        const parsed: unknown = JSON.parse(text);
        return isObject(parsed) ? { args: parsed, errors: {}, problem: null } : { args: null, errors: {}, problem: labels.fieldJson };
      } catch {
        return { args: null, errors: {}, problem: labels.fieldJson };
      }
    }
    const messages = { required: labels.fieldRequired, integer: labels.fieldInteger, number: labels.fieldNumber, json: labels.fieldJson };
    const result = toPayload(fields, values, messages);
    if (Object.keys(result.errors).length > 0) return { args: null, errors: result.errors, problem: null };
    const shown = new Set(fields.map((f) => f.name));
    const kept = Object.fromEntries(Object.entries(target.args).filter(([key]) => !shown.has(key)));
    return { args: { ...kept, ...result.payload }, errors: {}, problem: null };
  };
  const built = editing ? build() : null;

  return {
    editing,
    toggle: () => {
      if (!editing) {
        setValues(fields ? initialValues(fields, target.args) : {});
        setText(JSON.stringify(target.args, null, 2));
      }
      setErrors({});
      setProblem(null);
      setEditing(!editing);
    },
    fields,
    values,
    setValue: (name, value) => setValues((v) => ({ ...v, [name]: value })),
    errors,
    text,
    setText,
    problem,
    changes: built?.args ? argsDiff(target.args, built.args) : null,
    check: async () => {
      const result = build();
      setErrors(result.errors);
      setProblem(result.problem);
      if (!result.args) return null;
      const validation = target.schema ? await validateArgs(target.schema, result.args) : ({ ok: true } as const);
      if (!validation.ok) {
        setProblem(validation.message);
        return null;
      }
      return result.args;
    },
  };
}

import { isObject } from "@tandem/core";
import { type AgentCapabilities, type Interrupt, type JsonSchema, useAgentClient, useCapabilities, validateArgs } from "@tandem/react";
import { type RefObject, useEffect, useMemo, useRef, useState } from "react";
import { useLabels } from "../labels/labels.js";
import { pretty } from "../util/json.js";
import { type ArgChange, argsDiff } from "./argsDiff.js";
import { FieldInput } from "./FieldInput.js";
import { type Field, type FieldValues, fieldsOf, toPayload } from "./schemaForm.js";

/** Checks the edit; the full arguments to send, or null with the errors shown. */
export type CheckEdit = () => Promise<Record<string, unknown> | null>;

/** Props of the panel that edits a tool call's arguments before approving (loaded on first use). */
export interface ArgsEditPanelProps {
  interrupt: Interrupt;
  toolName: string | undefined;
  /** The arguments as the agent gave them. */
  args: Record<string, unknown>;
  /** Arguments edited earlier and kept with the thread (`ThreadState.decisions.drafts`): the form starts from them. */
  draft?: Record<string, unknown>;
  /** Set to the panel's check while it is shown: Approve calls it. */
  checkRef: RefObject<CheckEdit | null>;
  id: string;
}

/**
 * The arguments' JSON Schema: the interrupt's `responseSchema.properties.editedArgs`, else the
 * registered frontend tool's parameters, else those the agent advertises for the tool.
 */
function schemaFor(
  interrupt: Interrupt,
  toolName: string | undefined,
  client: ReturnType<typeof useAgentClient>,
  capabilities: AgentCapabilities | null,
): JsonSchema | undefined {
  const asked: unknown = interrupt.responseSchema?.properties?.editedArgs;
  if (isObject(asked) && Object.keys(asked).length > 0) return asked;
  if (!toolName) return undefined;
  let own: unknown;
  try {
    own = client.tools.get(toolName) ? client.tools.definitions().find((t) => t.name === toolName)?.parameters : undefined;
  } catch {
    own = undefined; // parameters that cannot describe themselves as JSON Schema: edit as JSON text
  }
  if (isObject(own)) return own;
  const advertised: unknown = capabilities?.tools?.items?.find((t) => t.name === toolName)?.parameters;
  return isObject(advertised) ? advertised : undefined;
}

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

function Diff({ changes }: { changes: ArgChange[] }) {
  const labels = useLabels();
  return (
    <div className="tandem-args-diff" data-testid="args-diff">
      <p className="tandem-confirmation__label">{labels.changes}</p>
      {changes.length === 0 ? (
        <p>{labels.noChanges}</p>
      ) : (
        <ul>
          {changes.map((c) => (
            <li key={c.key} data-change={c.kind}>
              <code>{c.key}</code>: {c.kind !== "added" && <del>{pretty(c.before)}</del>}
              {c.kind === "changed" && " → "}
              {c.kind !== "removed" && <ins>{pretty(c.after)}</ins>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Edits the arguments with a form drawn from their JSON Schema (JSON text for what it cannot
 * draw, or for all of them without a schema), shows the change as a diff, and checks it (each
 * field, then the schema). The edit replaces the arguments in full: those the form does not
 * show are kept as they were.
 */
export default function ArgsEditPanel({ interrupt, toolName, args, draft, checkRef, id }: ArgsEditPanelProps) {
  const labels = useLabels();
  const client = useAgentClient();
  const capabilities = useCapabilities();
  const schema = useMemo(() => schemaFor(interrupt, toolName, client, capabilities), [interrupt, toolName, client, capabilities]);
  const fields = useMemo(() => fieldsOf(schema), [schema]);
  const [values, setValues] = useState<FieldValues>(() => (fields ? initialValues(fields, draft ?? args) : {}));
  const [text, setText] = useState(() => JSON.stringify(draft ?? args, null, 2));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const root = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    root.current?.querySelector<HTMLElement>("input, select, textarea")?.focus();
  }, []);

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
    const kept = Object.fromEntries(Object.entries(args).filter(([key]) => !shown.has(key)));
    return { args: { ...kept, ...result.payload }, errors: {}, problem: null };
  };
  const built = build();
  // The edit goes to core as it is typed (when it reads as arguments), so a reload keeps it.
  const edited = built.args && argsDiff(args, built.args).length > 0 ? JSON.stringify(built.args) : null;
  const lastEdit = useRef<string | null | undefined>(draft ? JSON.stringify(draft) : undefined);
  useEffect(() => {
    if (lastEdit.current === edited || (lastEdit.current === undefined && edited === null)) return;
    lastEdit.current = edited;
    client.setInterruptDraft(interrupt.id, edited === null ? null : (JSON.parse(edited) as Record<string, unknown>));
  }, [client, interrupt.id, edited]);
  checkRef.current = async () => {
    const result = build();
    setErrors(result.errors);
    setProblem(result.problem);
    if (!result.args) return null;
    const validation = schema ? await validateArgs(schema, result.args) : ({ ok: true } as const);
    if (!validation.ok) {
      setProblem(validation.message);
      return null;
    }
    return result.args;
  };

  const problemId = `${id}-problem`;
  const form = { values, errors, setValue: (name: string, value: string | boolean) => setValues((v) => ({ ...v, [name]: value })) };
  return (
    <div ref={root} className="tandem-args-form" data-testid="args-form">
      {fields ? (
        fields.map((field) => <FieldInput key={field.name} field={field} form={form} id={`${id}-${field.name}`} />)
      ) : (
        <div className="tandem-field">
          <label htmlFor={`${id}-json`}>{labels.argumentsJson}</label>
          <textarea
            id={`${id}-json`}
            value={text}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
      )}
      {problem && (
        <p id={problemId} role="alert" className="tandem-field__error">
          {problem}
        </p>
      )}
      {built.args && <Diff changes={argsDiff(args, built.args)} />}
    </div>
  );
}

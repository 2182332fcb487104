import { isObject } from "@tandem/core";

export type FieldKind = "string" | "number" | "integer" | "boolean" | "enum" | "json";

export interface Field {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  description?: string;
  options?: (string | number | boolean)[];
  initial: string | boolean;
}

type Schema = Record<string, unknown>;

/** A JSON Schema node: any plain object (what it says is read field by field). */
const isSchema = (v: unknown): v is Schema => isObject(v);

function kindOf(property: Schema): FieldKind {
  if (Array.isArray(property.enum) && property.enum.length > 0) return "enum";
  const type = Array.isArray(property.type) ? property.type.find((t) => t !== "null") : property.type;
  return type === "string" || type === "number" || type === "integer" || type === "boolean" ? type : "json";
}

/** The fields of an object schema, or null when the schema is not one we can draw as a form. */
export function fieldsOf(schema: unknown): Field[] | null {
  if (!isSchema(schema) || !isSchema(schema.properties)) return null;
  if (schema.type !== undefined && schema.type !== "object") return null;
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === "string") : []);
  return Object.entries(schema.properties).map(([name, raw]) => {
    const property = isSchema(raw) ? raw : {};
    const kind = kindOf(property);
    const fallback = property.default;
    const initial =
      kind === "boolean" ? fallback === true : fallback === undefined ? "" : kind === "json" ? JSON.stringify(fallback) : String(fallback);
    return {
      name,
      label: typeof property.title === "string" ? property.title : name,
      kind,
      required: required.has(name),
      ...(typeof property.description === "string" && { description: property.description }),
      ...(kind === "enum" && {
        options: (property.enum as (string | number | boolean)[]).filter((o) => ["string", "number", "boolean"].includes(typeof o)),
      }),
      initial,
    };
  });
}

export type FieldValues = Record<string, string | boolean>;

/** What a field's error says, by what is wrong. */
export interface FieldMessages {
  required: string;
  integer: string;
  number: string;
  json: string;
}

/** Turns the form's values into the payload the schema describes; errors by field name. */
export function toPayload(
  fields: Field[],
  values: FieldValues,
  messages: FieldMessages,
): { payload: Record<string, unknown>; errors: Record<string, string> } {
  const payload: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.name] ?? field.initial;
    if (field.kind === "boolean") {
      payload[field.name] = value === true;
      continue;
    }
    const text = String(value);
    if (text.trim() === "") {
      if (field.required) errors[field.name] = messages.required;
      continue;
    }
    switch (field.kind) {
      case "number":
      case "integer": {
        const n = Number(text);
        if (!Number.isFinite(n) || (field.kind === "integer" && !Number.isInteger(n)))
          errors[field.name] = field.kind === "integer" ? messages.integer : messages.number;
        else payload[field.name] = n;
        break;
      }
      case "enum": {
        const option = field.options?.find((o) => String(o) === text);
        payload[field.name] = option ?? text;
        break;
      }
      case "json":
        try {
          payload[field.name] = JSON.parse(text);
        } catch {
          errors[field.name] = messages.json;
        }
        break;
      default:
        payload[field.name] = text;
    }
  }
  return { payload, errors };
}

/** A free-form answer: JSON when it parses as JSON, else the text; nothing when empty. */
export function parseFreeForm(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

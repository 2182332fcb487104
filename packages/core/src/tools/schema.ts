import type { Validator } from "@cfworker/json-schema";
import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";
import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { loadOnce } from "../util/loadOnce.js";

/** The JSON Schema validator (@cfworker/json-schema), a chunk of its own loaded for the first tool with JSON Schema parameters. */
const loadValidator = loadOnce(() => import("@cfworker/json-schema"));

/** A JSON Schema object, as plain data. */
export type JsonSchema = Record<string, unknown>;

/** Tool parameters: a JSON Schema, or a Standard Schema (zod 4, valibot, arktype...) that can convert itself. */
export type ToolParameters = JsonSchema | StandardSchemaV1;

/**
 * The argument type a tool's handler receives:
 * - a Standard Schema (zod 4…): its output type;
 * - a JSON Schema declared `as const`: the type it describes (json-schema-to-ts' `FromSchema`);
 * - anything else (a schema whose literal types were widened, no parameters): a JSON object
 *   of `unknown` values, to be narrowed, never `any`.
 */
export type InferArgs<P> = [P] extends [StandardSchemaV1<unknown, infer Output>]
  ? Output
  : [P] extends [JSONSchema]
    ? KnownOr<FromSchema<P>, Record<string, unknown>>
    : Record<string, unknown>;

/** `T`, unless it says nothing (`unknown`, `any`): then `Fallback`. */
type KnownOr<T, Fallback> = unknown extends T ? Fallback : T;

function isStandard(p: ToolParameters): p is StandardSchemaV1 {
  return typeof (p as StandardSchemaV1)["~standard"] === "object";
}

const jsonSchemaCache = new WeakMap<object, JsonSchema>();

/** The JSON Schema sent to the agent for these parameters. */
export function toJsonSchema(parameters: ToolParameters | undefined): JsonSchema {
  if (!parameters) return { type: "object", properties: {} };
  if (!isStandard(parameters)) return parameters;
  let schema = jsonSchemaCache.get(parameters);
  if (schema) return schema;
  const converter = (parameters as unknown as StandardJSONSchemaV1)["~standard"].jsonSchema;
  if (!converter) {
    throw new TypeError(
      `Tool parameters from "${parameters["~standard"].vendor}" cannot describe themselves as JSON Schema; pass a JSON Schema instead.`,
    );
  }
  const { $schema: _ignored, ...rest } = converter.input({ target: "draft-07" }) as JsonSchema;
  schema = rest;
  jsonSchemaCache.set(parameters, schema);
  return schema;
}

const validators = new WeakMap<object, Validator>();

/** The outcome of `validateArgs`: the (possibly transformed) value, or what is wrong. */
export type Validation = { ok: true; value: unknown } | { ok: false; message: string };

/** Checks tool arguments (or edited ones) against the parameters, JSON Schema or Standard Schema; a Standard Schema may also transform them. */
export async function validateArgs(parameters: ToolParameters | undefined, args: unknown): Promise<Validation> {
  if (!parameters) return { ok: true, value: args };
  if (isStandard(parameters)) {
    const result = await parameters["~standard"].validate(args);
    if (!result.issues) return { ok: true, value: result.value };
    return { ok: false, message: result.issues.map(describeIssue).join("; ") };
  }
  let validator = validators.get(parameters);
  if (!validator) {
    // Loaded on first use: apps whose tools use Standard Schema, or no parameters, never pay for it.
    const { Validator } = await loadValidator();
    validator = new Validator(parameters as ConstructorParameters<typeof Validator>[0], "7", false);
    validators.set(parameters, validator);
  }
  const result = validator.validate(args);
  if (result.valid) return { ok: true, value: args };
  // "Property x does not match schema" only wraps the errors found inside it: keep those. A
  // missing required property is reported at the same place as such wrappers, and is kept.
  const leaf = result.errors.filter((e) => !result.errors.some((o) => o.keywordLocation.startsWith(`${e.keywordLocation}/`)));
  return {
    ok: false,
    message: (leaf.length ? leaf : result.errors).map((e) => `${e.instanceLocation.replace(/^#/, "") || "/"}: ${e.error}`).join("; "),
  };
}

function describeIssue(issue: StandardSchemaV1.Issue): string {
  const path = issue.path?.map((p) => (typeof p === "object" ? String(p.key) : String(p))).join(".");
  return path ? `${path}: ${issue.message}` : issue.message;
}

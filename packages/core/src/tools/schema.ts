import type { Validator } from "@cfworker/json-schema";
import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";

export type JsonSchema = Record<string, unknown>;

/** Tool parameters: a JSON Schema, or a Standard Schema (zod 4, valibot, arktype...) that can convert itself. */
export type ToolParameters = JsonSchema | StandardSchemaV1;

/** The argument type a tool's handler receives: inferred from a Standard Schema, else `any` JSON. */
// JSON Schema cannot be read at the type level, so its handlers take `any`: annotate them as you like.
export type InferArgs<P> = P extends StandardSchemaV1<unknown, infer Output> ? Output : any;

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

export type Validation = { ok: true; value: unknown } | { ok: false; message: string };

/** Checks tool arguments against the parameters; a Standard Schema may also transform them. */
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
    const { Validator } = await import("@cfworker/json-schema");
    validator = new Validator(parameters as ConstructorParameters<typeof Validator>[0], "7", false);
    validators.set(parameters, validator);
  }
  const result = validator.validate(args);
  if (result.valid) return { ok: true, value: args };
  const leaf = result.errors.filter(
    (e) =>
      !result.errors.some(
        (o) => o !== e && o.instanceLocation.startsWith(e.instanceLocation) && o.instanceLocation.length > e.instanceLocation.length,
      ),
  );
  return {
    ok: false,
    message: (leaf.length ? leaf : result.errors).map((e) => `${e.instanceLocation.replace(/^#/, "") || "/"}: ${e.error}`).join("; "),
  };
}

function describeIssue(issue: StandardSchemaV1.Issue): string {
  const path = issue.path?.map((p) => (typeof p === "object" ? String(p.key) : String(p))).join(".");
  return path ? `${path}: ${issue.message}` : issue.message;
}

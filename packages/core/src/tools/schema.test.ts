import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { AgentClient } from "../run/agentClient.js";
import type { FrontendTool } from "./registry.js";
import { type InferArgs, toJsonSchema, validateArgs } from "./schema.js";

// The type assertions below are checked by `tsc` (`pnpm typecheck`, part of `pnpm test`): if a
// handler's arguments regress to `any` or lose their shape, the typecheck fails.

const weather = {
  type: "object",
  properties: {
    city: { type: "string" },
    days: { type: "integer", minimum: 1 },
    unit: { enum: ["c", "f"] },
  },
  required: ["city"],
  additionalProperties: false,
} as const;

describe("handler arguments are typed from the parameters", () => {
  it("reads a JSON Schema declared as const", () => {
    expectTypeOf<InferArgs<typeof weather>>().not.toBeAny();
    expectTypeOf<InferArgs<typeof weather>>().toEqualTypeOf<{ city: string; days?: number; unit?: "c" | "f" }>();
  });

  it("keeps the output type of a Standard Schema (zod)", () => {
    const schema = z.object({ background: z.string(), count: z.number().default(1) });
    expectTypeOf<InferArgs<typeof schema>>().toEqualTypeOf<{ background: string; count: number }>();
  });

  it("gives a JSON object of unknown values, never any, when the schema's literal types were widened", () => {
    const widened = { type: "object", properties: { city: { type: "string" } } };
    expectTypeOf<InferArgs<typeof widened>>().not.toBeAny();
    expectTypeOf<InferArgs<typeof widened>>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<InferArgs<Record<string, unknown>>>().toEqualTypeOf<Record<string, unknown>>();
  });

  it("types the handler where the tool is registered", () => {
    const client = new AgentClient({ url: "http://127.0.0.1:9/agent" });
    client.registerTool({
      name: "weather",
      parameters: weather,
      handler: (args) => {
        expectTypeOf(args).toEqualTypeOf<{ city: string; days?: number; unit?: "c" | "f" }>();
        // @ts-expect-error -- `city` is a string, so this would not compile if args were any
        const n: number = args.city;
        return n;
      },
    });
    client.registerTool({
      name: "background",
      parameters: z.object({ background: z.string() }),
      handler: ({ background }) => expectTypeOf(background).toEqualTypeOf<string>(),
    });
    client.registerTool({
      name: "no_parameters",
      handler: (args) => expectTypeOf(args).toEqualTypeOf<Record<string, unknown>>(),
    });
    // @ts-expect-error -- a handler that wants more than the schema promises is refused
    const wrong: FrontendTool<typeof weather> = { name: "w", parameters: weather, handler: (args: { country: string }) => args };
    expect(wrong.name).toBe("w");
    client.dispose();
  });
});

describe("validateArgs with a JSON Schema", () => {
  it("accepts arguments that match and names every problem of those that do not", async () => {
    await expect(validateArgs(weather, { city: "Oslo", unit: "c" })).resolves.toEqual({ ok: true, value: { city: "Oslo", unit: "c" } });
    await expect(validateArgs(weather, { days: 0, unit: "k" })).resolves.toEqual({
      ok: false,
      message:
        '/: Instance does not have required property "city".; /days: 0 is less than 1.; /unit: Instance does not match any of ["c","f"].',
    });
  });

  it("sends the schema as given", () => {
    expect(toJsonSchema(weather)).toBe(weather);
  });
});

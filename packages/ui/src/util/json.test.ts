import { describe, expect, it } from "vitest";
import { showValue } from "../inspector/showValue.js";
import { argsText, MAX_JSON_DEPTH, pretty, TOO_DEEP } from "./json.js";

/** `{ a: { a: … { a: "bottom" } } }`, `depth` levels, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = "bottom";
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe("JSON shown for display", () => {
  it.each([
    ["pretty", (v: unknown) => pretty(v)],
    ["argsText", (v: unknown) => argsText(v, "raw")],
    ["the inspector's showValue", (v: unknown) => showValue(v, 2)],
  ])("%s writes a value nested 100,000 deep down to the cap, then says it goes deeper", (_, show) => {
    const text = show(nested(100_000));
    expect(text).toContain(TOO_DEEP);
    expect(text.split('"a":')).toHaveLength(MAX_JSON_DEPTH + 1);
  });

  it("writes a value within the cap whole", () => {
    expect(JSON.parse(pretty(nested(MAX_JSON_DEPTH - 1)) as string)).toEqual(nested(MAX_JSON_DEPTH - 1));
    expect(showValue({ big: 1n, self: undefined })).toBe('{"big":"1n"}');
  });
});

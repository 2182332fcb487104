import { describe, expect, it } from "vitest";
import { isObject } from "./isObject.js";

describe("isObject", () => {
  it("is true for a plain object", () => {
    expect(isObject({})).toBe(true);
    expect(isObject({ a: 1 })).toBe(true);
  });

  it("is false for null, arrays and primitives", () => {
    for (const value of [null, undefined, [], [1], "x", 1, true]) expect(isObject(value)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { mergeOrder } from "./mergeOrder.js";

describe("mergeOrder", () => {
  it("keeps ours and puts back what only they have, after what it followed", () => {
    expect(mergeOrder(["q", "b1"], ["q", "a1", "a2"])).toEqual(["q", "a1", "a2", "b1"]);
    expect(mergeOrder(["b"], ["a", "b"])).toEqual(["a", "b"]);
    expect(mergeOrder(["a", "b"], ["a", "b"])).toEqual(["a", "b"]);
    expect(mergeOrder([], ["a"])).toEqual(["a"]);
  });
});

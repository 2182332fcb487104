// @vitest-environment node
import { expect, it } from "vitest";
import { heapKept } from "../../../core/src/test/heap.js";
import { splitBlocks } from "./blocks.js";

/** The cut a view ends with after `reply` streamed in 50 characters a frame. */
function streamed(reply: string) {
  let text = "";
  let cut = splitBlocks(text);
  for (let at = 0; at < reply.length; at += 50) {
    text += reply.slice(at, at + 50);
    cut = splitBlocks(text, cut);
  }
  return cut;
}

it("keeps a streamed reply's closed blocks at the size of their text, not a copy of the reply each", () => {
  const reply = Array.from({ length: 800 }, (_, i) => `Paragraph ${i}: ${"some words ".repeat(14)}\n\n`).join("");
  const { value: cut, kept } = heapKept(() => streamed(reply));

  expect(cut.blocks).toHaveLength(800);
  expect(cut.blocks.join("")).toBe(reply);
  // A block cut as a slice of the reply it closed in kept that whole reply: hundreds of times its size here.
  expect(kept).toBeLessThan(5 * reply.length);
});

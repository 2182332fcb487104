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
}, 30_000); // Streams 2,700 frames and collects garbage twice: seconds on a loaded 2-core machine.

it("stops tokenizing a block once a blank line parts it from the line being written, unless that line can still join it", () => {
  const frozenWhile = (done: string, line: string) => splitBlocks(done + line, splitBlocks(done)).frozen;
  // A heading, a paragraph, a quote, a closed code block: nothing after a blank line reaches back.
  expect(frozenWhile("# Title\n\n", "Some wo")).toBe(1);
  expect(frozenWhile("Some words.\n\n", "- ite")).toBe(1);
  expect(frozenWhile("> quoted\n\n", "Mor")).toBe(1);
  expect(frozenWhile("```ts\nx\n```\n\n", "Aft")).toBe(1);
  // A loose list goes on where its next marker is still arriving ("2" before its "."), and an
  // indented line continues a list item or a footnote: those stay open.
  expect(frozenWhile("1. Install\n\n", "2")).toBe(0);
  expect(frozenWhile("- one\n\n", "  mo")).toBe(0);
  expect(frozenWhile("Note.[^1]\n\n[^1]: The note.\n\n", "    more")).toBe(1);
  // No blank line between: the line may still turn the paragraph into a heading ("===").
  expect(frozenWhile("Some words\n", "=")).toBe(0);
});

it("draws a code block still being written off its text where nothing before it can hold it, tokenizing only what is before", () => {
  const list = "- one\n- two\n\n";
  const cut = splitBlocks(`${list}\`\`\`ts\nconst a = 1;\n`, splitBlocks(list));
  expect(cut.blocks).toEqual([list, "```ts\nconst a = 1;\n"]);
  expect(cut.trees[0]).toBeDefined();
  expect(cut.trees[1]).toBeUndefined(); // the renderer draws an open fence from its text
  // What goes on through blank lines holds the fence line: an HTML comment, a fence still open.
  expect(splitBlocks("<!-- note\n\n```ts\nx").blocks).toHaveLength(1);
  expect(splitBlocks("~~~\na\n\n```ts\nx").blocks).toHaveLength(1);
  // An indented fence is a list item's; a fence right after a paragraph line is the next block all the same.
  expect(splitBlocks("- item\n\n  ```ts\n  x").blocks).toHaveLength(1);
});

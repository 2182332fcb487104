// @vitest-environment node
import { expect, it } from "vitest";
import { splitBlocks } from "./blocks.js";
import { resolveDocument } from "./document.js";

/** A cut whose blocks record which of them are read. */
function watched(cut: ReturnType<typeof splitBlocks>, read: Set<number>) {
  const blocks = new Proxy(cut.blocks, {
    get(target, key, receiver) {
      if (typeof key === "string" && /^\d+$/.test(key)) read.add(Number(key));
      return Reflect.get(target, key, receiver);
    },
  });
  return { ...cut, blocks };
}

it("resolves a frame by the blocks being written, not by every block of a long reply", () => {
  let text = "";
  let cut = splitBlocks(text);
  let doc = resolveDocument(cut);
  for (let i = 0; i < 400; i++) {
    text += `Paragraph ${i} with some words.\n\n`;
    cut = splitBlocks(text, cut);
    doc = resolveDocument(cut, doc);
  }
  const read = new Set<number>();
  const next = splitBlocks(`${text}The next one`, cut);
  const resolved = resolveDocument(watched(next, read), doc);

  expect(resolved.blocks).toHaveLength(401);
  expect([...read].every((i) => i >= next.kept)).toBe(true);
  expect(resolved.blocks.slice(0, 390)).toEqual(doc.blocks.slice(0, 390));
  // The same document as resolving the whole text at once.
  expect(resolved.blocks.map((b) => b.key)).toEqual(resolveDocument(splitBlocks(`${text}The next one`)).blocks.map((b) => b.key));
});

it("looks at every block again once a definition arrives: a block before it may use it", () => {
  let cut = splitBlocks("See [the docs][d].\n\nMore.\n\n");
  let doc = resolveDocument(cut);
  expect(doc.blocks[0]!.key).toBe("");
  cut = splitBlocks("See [the docs][d].\n\nMore.\n\n[d]: https://example.com\n", cut);
  doc = resolveDocument(cut, doc);
  expect(doc.blocks[0]!.key).toContain("https://example.com");
});

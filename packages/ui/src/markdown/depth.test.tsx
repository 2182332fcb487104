import { render } from "@testing-library/react";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { capNesting, MAX_CONTAINER_DEPTH, MAX_INDENTED_DEPTH, MAX_TREE_DEPTH } from "./depth.js";
import { Markdown } from "./Markdown.js";
import { type Mdast, parseMarkdown } from "./syntax.js";
import "../test/harness.js";

/** The depth of a tree, walked without recursion (the trees here may be hostile). */
function depthOf(tree: Mdast): number {
  let max = 0;
  const stack: [{ children?: unknown[] }, number][] = [[tree, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    max = Math.max(max, depth);
    for (const child of (node.children ?? []) as { children?: unknown[] }[]) stack.push([child, depth + 1]);
  }
  return max;
}

const quotes = (n: number) => `${"> ".repeat(n)}text`;
const oneLineList = (n: number) => `${"- ".repeat(n)}x`;
const indentedList = (n: number) => Array.from({ length: n }, (_, i) => `${"  ".repeat(i)}- item ${i}`).join("\n");
const quoteLines = (n: number) => Array.from({ length: n }, (_, i) => `${"> ".repeat(i + 1)}line ${i}`).join("\n");

describe("Markdown depth caps", () => {
  it.each([
    ["20,000 nested quotes", quotes(20_000)],
    ["a list 5,000 deep on one line", oneLineList(5_000)],
    ["a list 100 deep by indentation", indentedList(100)],
    ["quotes one deeper a line, 100 lines", quoteLines(100)],
  ])("parses %s into a tree no deeper than the cap", (_, text) => {
    // Uncapped, the first takes seconds and overflows the stack of the walkers after it; the second, a minute.
    const tree = parseMarkdown(text);
    expect(depthOf(tree)).toBeLessThanOrEqual(MAX_TREE_DEPTH);
    // The top-level nodes' offsets are in the reply's own text (the block cutter reads them).
    expect(tree.children.at(-1)!.position!.end.offset).toBeLessThanOrEqual(text.length);
  });

  it("draws 20,000 nested quotes 32 deep, the rest as the text it is", () => {
    const { container } = render(<Markdown>{quotes(20_000)}</Markdown>);
    expect(container.querySelectorAll("blockquote")).toHaveLength(MAX_CONTAINER_DEPTH);
    const innermost = container.querySelectorAll("blockquote")[MAX_CONTAINER_DEPTH - 1]!;
    expect(innermost.textContent!.trim()).toBe(`${"> ".repeat(20_000 - MAX_CONTAINER_DEPTH)}text`);
    // Past 8 deep they indent no further, so the text keeps its width.
    expect(container.querySelectorAll("blockquote.tandem-markdown__flat")).toHaveLength(MAX_CONTAINER_DEPTH - MAX_INDENTED_DEPTH);
  });

  it("draws a list 5,000 deep with its text", () => {
    const { container } = render(<Markdown>{oneLineList(5_000)}</Markdown>);
    expect(container.querySelectorAll("li").length).toBe(MAX_CONTAINER_DEPTH);
    expect(container.textContent).toContain("- - - x");
  });

  it("cuts deep emphasis in a tree to the cap, its text kept", () => {
    const text = `${"*a ".repeat(200)}x${" a*".repeat(200)}`;
    const tree = parseMarkdown(text);
    expect(depthOf(tree)).toBeLessThanOrEqual(MAX_TREE_DEPTH);
    const { container } = render(<Markdown>{text}</Markdown>);
    expect(container.textContent!.replace(/\s+/g, "")).toBe(`${"a".repeat(200)}x${"a".repeat(200)}`);
  });

  it("leaves a text nested within the cap exactly as it is", () => {
    const marker = fc.constantFrom("> ", "- ", "* ", "1. ", "  ", "\t", "10) ", "text ", "\n", "\n\n", "`", "```\n");
    fc.assert(
      fc.property(fc.array(marker, { maxLength: 2 * MAX_CONTAINER_DEPTH }), (parts) => {
        const text = parts.join("");
        const markers = parts.filter((p) => /^(>|[-*]|\d+[.)]) $/.test(p)).length;
        fc.pre(markers < MAX_CONTAINER_DEPTH);
        expect(capNesting(text)).toEqual({ text, added: [] });
      }),
    );
  });
});

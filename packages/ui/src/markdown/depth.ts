import type { Mdast } from "./mdast.js";

/**
 * The deepest nesting of containers (block quotes and list items) the Markdown parser is given:
 * 32. micromark and mdast-util-from-markdown cost grows faster than the square of the nesting
 * (a quote 20,000 deep takes seconds to parse, and its tree overflows the stack of every walker
 * after it; a list 800 deep, thirty seconds), while 32 deep parses in a few milliseconds.
 */
export const MAX_CONTAINER_DEPTH = 32;

/**
 * The deepest node a parsed Markdown tree keeps: 96 levels below its root (room for the 32
 * containers of `MAX_CONTAINER_DEPTH`, two levels each for a list, and inline nesting below).
 * Deeper, a node is drawn as the plain text it holds, so no walker after the parse (ours,
 * mdast-util-to-hast, hast-util-to-jsx-runtime, React's commit) recurses deeper than that.
 */
export const MAX_TREE_DEPTH = 96;

/** A text cut to `MAX_CONTAINER_DEPTH`, and where a character was added to it (offsets in the new text, ascending). */
export interface CappedText {
  text: string;
  /** Offsets in `text` of each backslash added; empty when the text was within the cap (and `text` is the one given). */
  added: number[];
}

interface Container {
  quote: boolean;
  /** For a list item, the column its content starts at. */
  column: number;
}

const isSpace = (c: string | undefined) => c === " " || c === "\t";
const isLineEnd = (c: string | undefined) => c === undefined || c === "\n" || c === "\r";

/**
 * Cuts the nesting of containers in Markdown source to `MAX_CONTAINER_DEPTH` before it is
 * parsed: the cost is born in the parser, so the cap is applied to what it reads. Each line's
 * containers are followed as CommonMark continues them (a quote by its `>`, a list item by the
 * indentation of its content) and the markers it opens are counted; a marker that would open
 * a container past the cap is escaped with a backslash, so it and the rest of its line are
 * text of the deepest container (a paragraph shows it as written; inside indented code the
 * backslash shows too). Counting errs on the deep side (a marker inside code counts), which
 * can only flatten sooner, and only text nested past the cap changes. Linear in the text.
 */
export function capNesting(text: string): CappedText {
  // Nothing below the cap needs a look: fewer markers than that in the whole text.
  if (text.length < MAX_CONTAINER_DEPTH * 2) return { text, added: [] };
  const stack: Container[] = [];
  const cuts: number[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    let column = 0;
    const advance = () => {
      column = text[i] === "\t" ? column + 4 - (column % 4) : column + 1;
      i++;
    };
    let lineEnd = i;
    while (lineEnd < n && !isLineEnd(text[lineEnd])) lineEnd++;
    const blank = /^[ \t]*$/.test(text.slice(i, lineEnd));
    // The containers this line continues.
    let matched = 0;
    if (blank) {
      const quote = stack.findIndex((c) => c.quote);
      if (quote >= 0) stack.length = quote;
      matched = stack.length;
    }
    while (!blank && matched < stack.length) {
      const container = stack[matched]!;
      const start = i;
      const startColumn = column;
      if (container.quote) {
        while (isSpace(text[i]) && column - startColumn < 3) advance();
        if (text[i] !== ">") {
          i = start;
          column = startColumn;
          break;
        }
        advance();
        if (isSpace(text[i])) advance();
      } else {
        while (isSpace(text[i]) && column < container.column) advance();
        if (column < container.column) {
          i = start;
          column = startColumn;
          break;
        }
      }
      matched++;
    }
    stack.length = matched;
    // The containers it opens.
    while (!blank && i < lineEnd) {
      while (isSpace(text[i])) advance();
      const c = text[i];
      let marker = 0;
      let escapeAt = i;
      if (c === ">") marker = 1;
      else if ((c === "-" || c === "+" || c === "*") && (isSpace(text[i + 1]) || isLineEnd(text[i + 1]))) marker = 1;
      else {
        let d = i;
        while (d < lineEnd && d - i < 9 && text[d]! >= "0" && text[d]! <= "9") d++;
        if (d > i && (text[d] === "." || text[d] === ")") && (isSpace(text[d + 1]) || isLineEnd(text[d + 1]))) {
          marker = d + 1 - i;
          escapeAt = d;
        }
      }
      if (marker === 0) break;
      if (stack.length >= MAX_CONTAINER_DEPTH) {
        cuts.push(escapeAt);
        break;
      }
      if (c === ">") {
        advance();
        if (isSpace(text[i])) advance();
        stack.push({ quote: true, column });
        continue;
      }
      for (let k = 0; k < marker; k++) advance();
      const markerEnd = column;
      let spaces = 0;
      while (isSpace(text[i]) && spaces < 5) {
        advance();
        spaces = column - markerEnd;
      }
      // CommonMark: 1 to 4 spaces after the marker belong to it; 5 or more (indented code), or none, count as 1.
      const width = spaces >= 1 && spaces <= 4 ? spaces : 1;
      stack.push({ quote: false, column: markerEnd + width });
      if (spaces > 4) break;
    }
    i = lineEnd;
    if (text[i] === "\r") i++;
    if (text[i] === "\n") i++;
  }
  if (cuts.length === 0) return { text, added: [] };
  let out = "";
  let from = 0;
  const added: number[] = [];
  for (const at of cuts) {
    out += text.slice(from, at);
    added.push(out.length);
    out += "\\";
    from = at;
  }
  return { text: out + text.slice(from), added };
}

/**
 * Block quotes and lists nested this deep or deeper (8) indent no further: they get the class
 * `tandem-markdown__flat`, whose indentation the stylesheet takes away. Otherwise 32 levels of
 * indentation leave the text no width, one word a line, and a long reply costs the browser
 * seconds of layout.
 */
export const MAX_INDENTED_DEPTH = 8;

const CONTAINERS = new Set(["blockquote", "list"]);

interface Node {
  type: string;
  data?: { hProperties?: Record<string, unknown> };
  value?: string;
  alt?: string | null;
  children?: Node[];
  position?: { start: { offset?: number }; end: { offset?: number } };
}

/** Parents whose children are phrasing content: a text node can stand there. */
const PHRASING_PARENTS = new Set(["paragraph", "heading", "emphasis", "strong", "delete", "link", "linkReference", "tableCell"]);

/** The text a node holds, gathered without recursion. */
function textOf(node: Node): string {
  let text = "";
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (typeof next.value === "string") text += next.value;
    else if (typeof next.alt === "string") text += next.alt;
    if (next.children) for (let i = next.children.length - 1; i >= 0; i--) stack.push(next.children[i]!);
  }
  return text;
}

/**
 * Cuts a parsed tree to `MAX_TREE_DEPTH`, in place and without recursion: a node at that depth
 * that has children is replaced by the text it holds (in a paragraph where a block must stand).
 * Quotes and lists past `MAX_INDENTED_DEPTH` are marked to indent no further.
 * Positions of the top-level nodes are mapped back to the text before `capNesting` added its
 * backslashes (`added`), as the block cutter reads them against the reply's own text.
 */
export function capTree(tree: Mdast, added: readonly number[] = []): Mdast {
  // Each node with its depth and how many quotes and lists hold it.
  const stack: [Node, number, number][] = [[tree as Node, 0, 0]];
  while (stack.length > 0) {
    const [node, depth, nested] = stack.pop()!;
    const children = node.children;
    if (!children) continue;
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      if (!child.children) continue;
      // The text that replaces it sits one level below it, in a paragraph where a block must stand.
      if (depth + 2 >= MAX_TREE_DEPTH) {
        const text: Node = { type: "text", value: textOf(child), position: child.position };
        children[i] = PHRASING_PARENTS.has(node.type) ? text : { type: "paragraph", children: [text], position: child.position };
        continue;
      }
      const container = CONTAINERS.has(child.type);
      if (container && nested >= MAX_INDENTED_DEPTH) {
        child.data = { ...child.data, hProperties: { ...child.data?.hProperties, className: ["tandem-markdown__flat"] } };
      }
      stack.push([child, depth + 1, container ? nested + 1 : nested]);
    }
  }
  if (added.length > 0) {
    const back = (offset: number | undefined) => {
      if (offset === undefined) return offset;
      let before = 0;
      while (before < added.length && added[before]! < offset) before++;
      return offset - before;
    };
    for (const node of (tree as Node).children ?? []) {
      if (!node.position) continue;
      node.position = {
        ...node.position,
        start: { ...node.position.start, offset: back(node.position.start.offset) },
        end: { ...node.position.end, offset: back(node.position.end.offset) },
      };
    }
  }
  return tree;
}

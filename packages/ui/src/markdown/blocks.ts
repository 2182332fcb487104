import { closedFence, isOpenFence } from "./fence.js";
import { type Mdast, parseMarkdown } from "./syntax.js";

/** A reply cut into its top-level Markdown blocks; `starts[i]` is where `blocks[i]` begins in `text`. */
export interface Blocks {
  text: string;
  blocks: string[];
  starts: number[];
  /**
   * The mdast of `blocks[i]` where this cut tokenized it, the same tree the block's text alone
   * gives, so the renderer need not tokenize it again; undefined where the cut did not.
   */
  trees: (Mdast | undefined)[];
  /**
   * How many blocks, from the first, nothing still to come can change: the block after each
   * starts on a line that has ended, so that line is not the block's, and the block (lists and
   * quotes included) is closed. The others are parsed again as the text grows.
   */
  frozen: number;
  /** This cut, among every cut made here (see `kept`). */
  id: number;
  /**
   * How many blocks, from the first, are the very blocks (the same strings) of the cut whose
   * `id` is `extends`, the one this cut grew from: what depends on those alone need not be
   * looked at again. 0 for a cut of a whole text.
   */
  kept: number;
  extends: number | undefined;
}

let cuts = 0;

/** The blocks of a text: where each starts, its mdast where known, and where and how it ends. */
interface Parsed {
  starts: number[];
  trees: (Mdast | undefined)[];
  /** Where each block's last node ends. */
  ends: number[];
  /** Each block ends in a node that a blank line closes for good (not a list or a footnote's definition). */
  closable: boolean[];
  /** The type of the last node. */
  last?: string;
}

/**
 * Top-level nodes that text after a blank line can still add to: a list (an indented line, or
 * a line still becoming its next item's marker: "2" before ".") and a footnote's definition
 * (an indented line). Everything else a blank line ends for good.
 */
const CONTINUES_AFTER_BLANK = new Set(["list", "footnoteDefinition"]);

const BLANK_LINE = /\n[ \t]*\n/;

/**
 * How many of the blocks of `text` (the first at 0) close the block before them: those whose
 * line has ended, that is that start at or before the last line break; and the last block, on
 * its first line still, when the block before it ends in a node that a blank line closes for
 * good and a blank line parts them (whatever that line becomes, it cannot reach back: so a
 * heading or a paragraph is not parsed again while the line after it is written).
 */
function closedBefore(text: string, { starts, ends, closable }: Parsed): number {
  const lastBreak = text.lastIndexOf("\n");
  let closed = 0;
  while (closed + 1 < starts.length && starts[closed + 1]! <= lastBreak) closed++;
  if (closed + 2 === starts.length && closable[closed] && BLANK_LINE.test(text.slice(ends[closed], starts[closed + 1]))) closed++;
  return closed;
}

/**
 * The top-level blocks of `text` by their nodes: where each starts (the start of its first
 * node's line, indentation included) and its mdast. A block's nodes are the nodes its text alone
 * gives, except where a definition elsewhere resolves a reference (`[x]: url`): then there are
 * no trees. Text before the first node (blank lines) belongs to no block here.
 */
function nodeBlocks(text: string): Parsed {
  const starts: number[] = [];
  const trees: Mdast[] = [];
  const ends: number[] = [];
  const closable: boolean[] = [];
  let previous: Mdast["children"][number] | undefined;
  for (const node of parseMarkdown(text).children) {
    const offset = node.position?.start.offset;
    if (offset === undefined) continue;
    const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
    // What follows a definition on the next line is the rest of the paragraph the definition
    // was read from ("[d]: url" then "    text" is a paragraph, not indented code): not a block alone.
    const afterDefinition = previous?.type === "definition" && node.position!.start.line === previous.position!.end.line + 1;
    previous = node;
    if (starts.length === 0 || (lineStart > starts[starts.length - 1]! && !afterDefinition)) {
      starts.push(lineStart);
      trees.push({ type: "root", children: [node] });
    } else trees[trees.length - 1]!.children.push(node);
    ends[starts.length - 1] = node.position!.end.offset!;
    closable[starts.length - 1] = !CONTINUES_AFTER_BLANK.has(node.type);
  }
  return { starts, trees: text.includes("]:") ? trees.map(() => undefined) : trees, ends, closable, last: previous?.type };
}

/** A line that opens a fence at the start of a line, right after a blank line. */
const FENCE_AFTER_BLANK = /\n[ \t]*\n(?=`{3,}|~{3,})/g;

/**
 * Top-level nodes that may still hold a fence line that follows them after a blank line: an
 * HTML block (`<pre>`, `<!--`… go on through blank lines), code and math (still open).
 */
const HOLDS_WHAT_FOLLOWS = new Set(["html", "code", "math"]);

/**
 * `nodeBlocks`, except that a fenced code block still being written at the end of `text` is not
 * tokenized where nothing before it can hold it: it starts at the start of a line, after a blank
 * line, and the block before it ended before that blank line and is not one that goes on through
 * blank lines. All the text after its opening line is its content (CommonMark), the renderer
 * draws it off its text (`openFence`), and the frame where a list or a paragraph ends and code
 * begins tokenizes only what is before the code.
 */
function nodeBlocksBeforeOpenFence(text: string): Parsed {
  let fence = -1;
  for (const match of text.matchAll(FENCE_AFTER_BLANK)) fence = match.index + match[0].length;
  if (fence < 0 || !isOpenFence(text.slice(fence))) return nodeBlocks(text);
  const blank = text.lastIndexOf("\n", fence - 2) + 1;
  const head = nodeBlocks(text.slice(0, fence));
  const last = head.starts.length - 1;
  if (last < 0 || head.ends[last]! >= blank || HOLDS_WHAT_FOLLOWS.has(head.last!)) return nodeBlocks(text);
  head.starts.push(fence);
  head.trees.push(undefined);
  head.ends.push(text.length);
  head.closable.push(true);
  head.last = "code";
  return head;
}

/**
 * Where each top-level block of `text` starts and each block's mdast (see `nodeBlocks`). A
 * fenced code block at the start, once closed, is read off its text (`closedFence`): only what
 * follows its closing line is tokenized, so the frame that closes a long block of code costs
 * what the text after it costs.
 */
export function parseBlocks(text: string): Parsed {
  const fence = closedFence(text);
  if (fence) {
    const rest = nodeBlocksBeforeOpenFence(text.slice(fence.end));
    const shift = (offsets: number[]) => offsets.map((s) => s + fence.end);
    // The fence's last node ends with its closing line, line break included.
    return {
      starts: [0, ...shift(rest.starts)],
      trees: [fence.tree, ...rest.trees],
      ends: [fence.end - 1, ...shift(rest.ends)],
      closable: [true, ...rest.closable],
    };
  }
  const parsed = nodeBlocksBeforeOpenFence(text);
  if (parsed.starts.length === 0) return { starts: [0], trees: [undefined], ends: [text.length], closable: [false] };
  parsed.starts[0] = 0; // leading blank lines ride with the first block
  return parsed;
}

/**
 * A copy of `text` that keeps nothing else alive. In V8 a slice is a view that keeps the whole
 * string it was cut from, and so is every string the parser slices from it: a block cut from a
 * reply mid-stream would keep that frame's whole reply for as long as the block is shown, a
 * reply for every block. Joining forces a copy, and slicing the copy keeps only the copy.
 */
const detached = (text: string) => ` ${text}`.slice(1);

/** Whether `text` is the text of `previous` grown at its end (a streaming reply), so its cut can grow from that one. */
export function growsFrom(text: string, previous: Blocks | undefined): previous is Blocks {
  // Not `text.startsWith(previous.text)`: on a reply grown by concatenation (a V8 cons string)
  // that walks the string character by character, and costs more than the rest of the cut.
  return (
    previous !== undefined &&
    previous.blocks.length > 0 &&
    text.length >= previous.text.length &&
    text.slice(0, previous.text.length) === previous.text
  );
}

/**
 * What the cut of `text`, grown from `previous` (see `growsFrom`), tokenizes: the text from its
 * first open block on. Undefined where it tokenizes nothing: the same text, or a code block still
 * open at the end.
 */
export function openPart(text: string, previous: Blocks): string | undefined {
  if (text.length === previous.text.length) return undefined;
  const keep = previous.frozen;
  const open = text.slice(previous.starts[keep]);
  // Nothing can end a code block with no closing fence yet: all the text after its opening line
  // is its content (CommonMark), so its lines need no tokenizing.
  return keep === previous.blocks.length - 1 && isOpenFence(open) ? undefined : open;
}

/**
 * Cuts `text` into top-level blocks. Given the cut of an earlier text that `text` extends (a
 * streaming reply), only the blocks not yet frozen (in practice the last one, and the one before
 * it while the last is on its first line) are tokenized again: text appended at the end cannot
 * reopen a frozen block. So the cost of a cut follows the open block, not the reply. Otherwise
 * the whole text is tokenized.
 */
export function splitBlocks(text: string, previous?: Blocks): Blocks {
  return growsFrom(text, previous) ? growBlocks(text, previous) : cutWhole(text);
}

/** `splitBlocks` of a text that grows `previous` (see `growsFrom`). */
export function growBlocks(text: string, previous: Blocks): Blocks {
  if (text.length === previous.text.length) return previous;
  const keep = previous.frozen;
  const base = previous.starts[keep]!;
  // The blocks kept are copied by reference, and their trees dropped (they are drawn already):
  // one copy of each array a frame, no walk over the blocks of a long reply.
  const trees: (Mdast | undefined)[] = new Array(keep).fill(undefined);
  const blocks = previous.blocks.slice(0, keep);
  const starts = previous.starts.slice(0, keep);
  const grown = { text, blocks, starts, trees, id: ++cuts, kept: keep, extends: previous.id };
  // Anything but a code block still open is tokenized from the first open block's start: the
  // renderer draws the blocks from that tree, so they are tokenized once a frame, and only the
  // blocks being written.
  const part = openPart(text, previous);
  if (part === undefined) {
    blocks.push(text.slice(base));
    starts.push(base);
    trees.push(undefined);
    return { ...grown, frozen: keep };
  }
  // The blocks this cut closes stay on screen from here on: cut them, and parse them, from a
  // copy of the open part alone, not from the whole reply.
  const open = detached(part);
  const parsed = parseBlocks(open);
  const closed = closedBefore(open, parsed);
  for (let i = 0; i < parsed.starts.length; i++) {
    const block = open.slice(parsed.starts[i], parsed.starts[i + 1]);
    // A block frozen here is kept as long as the reply is shown: a copy of its own text, not a
    // view of this frame's open part (which holds the block after it too, often whole).
    blocks.push(i < closed ? detached(block) : block);
    starts.push(parsed.starts[i]! + base);
    trees.push(parsed.trees[i]);
  }
  return { ...grown, frozen: keep + closed };
}

function cutWhole(text: string): Blocks {
  const parsed = parseBlocks(text);
  const { starts } = parsed;
  return {
    text,
    blocks: starts.map((s, i) => text.slice(s, starts[i + 1])),
    starts,
    trees: parsed.trees,
    frozen: closedBefore(text, parsed),
    id: ++cuts,
    kept: 0,
    extends: undefined,
  };
}

import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";

/** A reply cut into its top-level Markdown blocks; `starts[i]` is where `blocks[i]` begins in `text`. */
export interface Blocks {
  text: string;
  blocks: string[];
  starts: number[];
}

// The same tokenizer react-markdown renders with (micromark + GFM), so a cut never lands where
// the renderer would see one block.
const options = { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] };

/** Where each top-level block of `text` starts: the start of its line (indentation included). */
function blockStarts(text: string): number[] {
  const starts: number[] = [];
  for (const node of fromMarkdown(text, options).children) {
    const offset = node.position?.start.offset;
    if (offset === undefined) continue;
    const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
    if (starts.length === 0 || lineStart > starts[starts.length - 1]!) starts.push(lineStart);
  }
  if (starts.length === 0) starts.push(0);
  else starts[0] = 0; // leading blank lines ride with the first block
  return starts;
}

/**
 * Cuts `text` into top-level blocks. Given the cut of an earlier text that `text` extends (a
 * streaming reply), only the last block onward is tokenized again: every block before it was
 * closed by the one that followed, and text appended at the end cannot reopen it. So the cost
 * of a cut follows the open block, not the reply. Otherwise the whole text is tokenized.
 */
export function splitBlocks(text: string, previous?: Blocks): Blocks {
  if (previous && previous.blocks.length > 0 && text.length >= previous.text.length && text.startsWith(previous.text)) {
    if (text.length === previous.text.length) return previous;
    const keep = previous.blocks.length - 1;
    const base = previous.starts[keep]!;
    // A block starts at a line start, so text without a newline cannot end the last block before
    // the new text: it grows, and is cut again when a newline comes (a cut may lag, never be
    // wrong: a chunk holding two blocks renders as both). Tokenizing has a fixed cost of a few
    // ms per call, so most tokens skip it.
    if (!text.includes("\n", previous.text.length)) {
      const blocks = previous.blocks.slice();
      blocks[keep] = text.slice(base);
      return { text, blocks, starts: previous.starts };
    }
    const starts = previous.starts.slice(0, keep).concat(blockStarts(text.slice(base)).map((s) => s + base));
    const blocks = previous.blocks.slice(0, keep);
    for (let i = keep; i < starts.length; i++) blocks.push(text.slice(starts[i], starts[i + 1]));
    return { text, blocks, starts };
  }
  const starts = blockStarts(text);
  return { text, blocks: starts.map((s, i) => text.slice(s, starts[i + 1])), starts };
}

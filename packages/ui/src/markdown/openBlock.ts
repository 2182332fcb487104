import remend, { type RemendOptions } from "remend";
import { parseBlocks } from "./blocks.js";
import { isOpenFence } from "./fence.js";
import { type ParsedText, parseMarkdown, recordParses } from "./syntax.js";

// Unfinished syntax at the end of a streaming reply is closed for display (`**bold` shows bold,
// `` `code`` code, a half link its text). Raw HTML is literal text here, so a half tag needs no
// stripping (and text is never dropped). A `$$` block of math is closed too; a lone `$` is not
// (it is more often a price than the start of a formula), so it shows as written until its pair comes.
const remendOptions: RemendOptions = { linkMode: "text-only", htmlTags: false, katex: true, inlineKatex: false };

/**
 * remend drops one trailing space before it looks for unfinished syntax (the space may be the
 * end of a word still coming); a space at the end changes no tree but an indented code block's,
 * where it would show for one frame, so that alone does not call for parsing the block again.
 */
const withoutTrailingSpace = (text: string) => (text.endsWith(" ") && !text.endsWith("  ") ? text.slice(0, -1) : text);

/**
 * The text a block still being written is drawn from: its own, its unfinished syntax closed.
 * Undefined where the tree of its own text serves (`hasTree`, and closing changed nothing but a
 * trailing space), so that nothing is parsed again.
 */
export function textToDraw(text: string, hasTree: boolean): string | undefined {
  const closed = remend(text, remendOptions);
  return hasTree && (closed === text || closed === withoutTrailingSpace(text)) ? undefined : closed;
}

/**
 * Every text the main thread parses to cut and draw a growing reply whose open part (see
 * `openPart`) is `open`, with its tree: the blocks' tokenizing, and the last block closed for
 * display. Made in a worker (`parseWorker.ts`) and handed over (`handOver`), they leave the
 * main thread nothing to parse in that frame.
 */
export function parsesOfOpenPart(open: string): ParsedText[] {
  return recordParses(() => {
    const { starts, trees } = parseBlocks(open);
    const last = open.slice(starts[starts.length - 1]);
    if (isOpenFence(last)) return;
    const closed = textToDraw(last, trees[trees.length - 1] !== undefined);
    if (closed !== undefined) parseMarkdown(closed);
  });
}

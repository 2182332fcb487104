import { forwardRef, memo, useMemo, useRef } from "react";
import remend, { type RemendOptions } from "remend";
import { cx } from "../util/cx.js";
import { type Blocks, splitBlocks } from "./blocks.js";
import { BlockStillOpen } from "./CodeBlock.js";
import { openFence } from "./fence.js";
import { renderMarkdown, renderTree } from "./render.js";
import type { Mdast } from "./syntax.js";
import type { MarkdownProps } from "./types.js";

// Unfinished syntax at the end of a streaming reply is closed for display (`**bold` shows bold,
// `` `code`` code, a half link its text). Raw HTML is literal text here, so a half tag needs no
// stripping (and text is never dropped); no math.
const remendOptions: RemendOptions = { linkMode: "text-only", htmlTags: false, katex: false, inlineKatex: false };

interface BlockProps {
  text: string;
  open: boolean;
  /** The block's mdast, when the cut has just tokenized it (see `splitBlocks`). */
  tree: Mdast | undefined;
}

/**
 * remend drops one trailing space before it looks for unfinished syntax (the space may be the
 * end of a word still coming); a space at the end changes no tree but an indented code block's,
 * where it would show for one frame, so that alone does not call for parsing the block again.
 */
const withoutTrailingSpace = (text: string) => (text.endsWith(" ") && !text.endsWith("  ") ? text.slice(0, -1) : text);

function renderBlock(text: string, open: boolean, tree: Mdast | undefined) {
  if (!open) return tree ? renderTree(tree) : renderMarkdown(text);
  const fence = openFence(text);
  if (fence) return renderTree(fence);
  const closed = remend(text, remendOptions);
  return tree && (closed === text || closed === withoutTrailingSpace(text)) ? renderTree(tree) : renderMarkdown(closed);
}

/**
 * One top-level block. Memoized on its text: a block the reply has moved past keeps its text,
 * so it is rendered once and never again; only the last (open) block renders each frame. A
 * block the cut has just tokenized is not tokenized again, and a code block still being written
 * not at all: its text is its content.
 */
const Block = memo(
  function Block({ text, open, tree }: BlockProps) {
    return <BlockStillOpen.Provider value={open}>{renderBlock(text, open, tree)}</BlockStillOpen.Provider>;
  },
  (a, b) => a.text === b.text && a.open === b.open,
);

/** Blocks per group: a frame reconciles the groups and the one holding the open block, not every block. */
const GROUP = 16;

interface GroupProps {
  texts: readonly string[];
  trees: readonly (Mdast | undefined)[];
  /** The group holds the reply's last block, the one still being written. */
  open: boolean;
}

const sameTexts = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((text, i) => text === b[i]);

/**
 * A run of blocks; it renders again only when one of its texts changed (in practice, its last).
 * It is an element too, so the browser lays out a frame's change among the groups and the open
 * group's blocks, not among every block of a long reply.
 */
const Group = memo(
  function Group({ texts, trees, open }: GroupProps) {
    return (
      <div className="tandem-markdown__group">
        {texts.map((text, i) => (
          // Keyed by position: a block keeps its element as it grows, and its memo compares the text.
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positions in one growing text
          <Block key={i} text={text} open={open && i === texts.length - 1} tree={trees[i]} />
        ))}
      </div>
    );
  },
  (a, b) => a.open === b.open && sameTexts(a.texts, b.texts),
);

/**
 * GitHub-flavoured Markdown for agent text, safe while it streams: raw HTML is shown as the
 * literal text it is (never parsed into elements, never dropped), links are limited to
 * http(s)/mailto and open in a new tab. The text is cut into top-level blocks, each rendered on
 * its own, so a streaming reply costs per frame what its last block costs, however long it is.
 */
export const Markdown = forwardRef<HTMLDivElement, MarkdownProps>(function Markdown({ children, className, ...rest }, ref) {
  const last = useRef<Blocks>(undefined);
  const { blocks, trees } = useMemo(() => {
    last.current = splitBlocks(children, last.current);
    return last.current;
  }, [children]);
  const groups = [];
  for (let start = 0; start < blocks.length; start += GROUP) {
    const end = Math.min(blocks.length, start + GROUP);
    groups.push(<Group key={start} texts={blocks.slice(start, end)} trees={trees.slice(start, end)} open={end === blocks.length} />);
  }
  return (
    <div {...rest} ref={ref} className={cx("tandem-markdown", className)}>
      {groups}
    </div>
  );
});

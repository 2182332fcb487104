import { forwardRef, memo, useId, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { cx } from "../util/cx.js";
import type { Blocks } from "./blocks.js";
import { BlockStillOpen } from "./CodeBlock.js";
import { type Footer, parseWithDefinitions, type ResolvedBlock, type ResolvedDocument, resolveDocument } from "./document.js";
import { openFence } from "./fence.js";
import { OffThreadParser } from "./offThread.js";
import { textToDraw } from "./openBlock.js";
import { type RenderOptions, renderFooter, renderTree } from "./render.js";
import type { MarkdownProps } from "./types.js";

interface BlockProps {
  text: string;
  open: boolean;
  /** The block resolved against the reply: its mdast where known, the definitions it uses (see `resolveDocument`). */
  block: ResolvedBlock;
  prefix: string;
}

const parse = (text: string, block: ResolvedBlock) => parseWithDefinitions(text, block.links, block.notes).tree;

function renderBlock(text: string, open: boolean, block: ResolvedBlock, prefix: string) {
  const options: RenderOptions = { prefix, notesBefore: block.notesBefore };
  const tree = block.tree;
  if (!open) return renderTree(tree ?? parse(text, block), options);
  const fence = openFence(text);
  if (fence) return renderTree(fence, options);
  const closed = textToDraw(text, tree !== undefined);
  return renderTree(closed === undefined ? tree! : parse(closed, block), options);
}

/**
 * One top-level block. Memoized on its text and what it uses of the reply (definitions,
 * footnote numbers): a block the reply has moved past keeps both, so it is rendered once and
 * never again; only the blocks still open render each frame, and a block that uses a definition
 * again when that definition arrives. A block the cut has just tokenized is not tokenized again,
 * and a code block still being written not at all: its text is its content.
 */
const Block = memo(
  function Block({ text, open, block, prefix }: BlockProps) {
    return <BlockStillOpen.Provider value={open}>{renderBlock(text, open, block, prefix)}</BlockStillOpen.Provider>;
  },
  (a, b) => a.text === b.text && a.open === b.open && a.block.key === b.block.key && a.prefix === b.prefix,
);

/** Blocks per group: a frame renders the group holding the open block, not every block. */
const GROUP = 16;

interface GroupProps {
  texts: readonly string[];
  blocks: readonly ResolvedBlock[];
  /** The group holds the reply's last block, the one still being written. */
  open: boolean;
  prefix: string;
}

const sameBlocks = (a: Run, b: Run) =>
  (a.texts === b.texts && a.blocks === b.blocks) ||
  (a.texts.length === b.texts.length && a.texts.every((text, i) => text === b.texts[i] && a.blocks[i]!.key === b.blocks[i]!.key));

type Run = Pick<GroupProps, "texts" | "blocks">;

/**
 * `count` items cut into chunks of `size`, each the previous frame's chunk where `same` says it
 * holds the same items: a frame allocates only the chunk it changed, and the memo of the part
 * drawing a chunk compares one reference. The first `kept` whole chunks are taken as they are,
 * not compared.
 */
function chunked<C>(
  count: number,
  size: number,
  previous: readonly C[],
  kept: number,
  same: (chunk: C, start: number, end: number) => boolean,
  make: (start: number, end: number) => C,
): C[] {
  const chunks = previous.slice(0, Math.min(kept, previous.length));
  for (let start = chunks.length * size; start < count; start += size) {
    const end = Math.min(count, start + size);
    const before = previous[chunks.length];
    chunks.push(before !== undefined && same(before, start, end) ? before : make(start, end));
  }
  return chunks;
}

/**
 * The reply's blocks in runs of `GROUP`. The first `unchanged` blocks are the previous frame's
 * (see `ResolvedDocument.unchanged`): the runs within them are taken as they are, so a frame
 * looks at the runs being written only.
 */
const runsOf = (texts: readonly string[], blocks: readonly ResolvedBlock[], previous: readonly Run[], unchanged: number): Run[] =>
  chunked(
    texts.length,
    GROUP,
    previous,
    Math.floor(unchanged / GROUP),
    (before, start, end) =>
      before.texts.length === end - start &&
      before.texts.every((text, i) => text === texts[start + i] && before.blocks[i] === blocks[start + i]),
    (start, end) => ({ texts: texts.slice(start, end), blocks: blocks.slice(start, end) }),
  );

/**
 * A group the reply has moved past is neither laid out, nor painted, nor walked by the browser's
 * pre-paint on a frame while it is out of view (`content-visibility: auto`): without it, a
 * frame's pre-paint, layout and paint grew with the reply (10,000 tokens: 0.3 ms to 1.3 ms of
 * pre-paint a frame). It stays in the DOM and the accessibility tree, so find-in-page, selection
 * and screen readers reach it, and it keeps the height it had when last drawn (`auto`). The group
 * still being written is always drawn. Inline, not in the stylesheet: the cost it saves does not
 * depend on how the app styles the reply.
 */
const closedGroup = { contentVisibility: "auto", containIntrinsicBlockSize: "auto 400px" } as const;
// The same properties in the same order: a group that closes changes one value in place.
const openGroup = { contentVisibility: "visible", containIntrinsicBlockSize: "auto 400px" } as const;

/**
 * A run of blocks; it renders again only when one of its blocks changed (in practice, its last).
 * It is an element too, so the browser lays out a frame's change among the groups and the open
 * group's blocks, not among every block of a long reply.
 */
const Group = memo(
  function Group({ texts, blocks, open, prefix }: GroupProps) {
    return (
      <div className="tandem-markdown__group" style={open ? openGroup : closedGroup}>
        {texts.map((text, i) => (
          // Keyed by position: a block keeps its element as it grows, and its memo compares the text.
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positions in one growing text
          <Block key={i} text={text} open={open && i === texts.length - 1} block={blocks[i]!} prefix={prefix} />
        ))}
      </div>
    );
  },
  (a, b) => a.open === b.open && a.prefix === b.prefix && sameBlocks(a, b),
);

/** Runs per chapter: a frame reconciles the chapters, the runs of the last one and the blocks of the last run. */
const CHAPTER = 16;

interface ChapterProps {
  runs: readonly Run[];
  /** The index of its first run in the reply. */
  first: number;
  /** The chapter holds the reply's last block. */
  open: boolean;
  prefix: string;
}

/** The runs in chapters of `CHAPTER`, each the previous frame's where it holds the same runs. */
const chaptersOf = (runs: readonly Run[], previous: readonly (readonly Run[])[]): (readonly Run[])[] =>
  chunked(
    runs.length,
    CHAPTER,
    previous,
    0,
    (before, start, end) => before.length === end - start && before.every((run, i) => run === runs[start + i]),
    (start, end) => runs.slice(start, end),
  );

/**
 * A chapter of runs, no element of its own (the groups stay the reply's children): it renders
 * again only when one of its runs changed, in practice the last chapter only.
 */
const Chapter = memo(
  function Chapter({ runs, first, open, prefix }: ChapterProps) {
    return runs.map((run, i) => (
      // Keyed by position: the runs are positions in one growing text, as the blocks are.
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      <Group key={(first + i) * GROUP} texts={run.texts} blocks={run.blocks} open={open && i === runs.length - 1} prefix={prefix} />
    ));
  },
  (a, b) => a.runs === b.runs && a.open === b.open && a.first === b.first && a.prefix === b.prefix,
);

/** The reply's footnotes, at its end; drawn again only when they change. */
const Footnotes = memo(
  function Footnotes({ footer, prefix }: { footer: Footer; prefix: string }) {
    return <>{renderFooter(footer, prefix)}</>;
  },
  (a, b) => a.footer.key === b.footer.key && a.prefix === b.prefix,
);

/**
 * GitHub-flavoured Markdown for agent text, safe while it streams: raw HTML is shown as the
 * literal text it is (never parsed into elements, never dropped), links are limited to
 * http(s)/mailto and open in a new tab, math (`$…$`, `$$…$$`) is drawn as MathML by a renderer
 * loaded with the first formula. The text is cut into top-level blocks, each rendered on its own,
 * so a streaming reply costs per frame what its last block costs, however long it is; reference
 * links and footnotes still resolve across the whole reply, and the reply drawn as it streams
 * ends exactly as the same text drawn whole. While a reply grows, its last blocks are parsed in
 * a Web Worker where one can start (`parseWorker.js`, beside this file), and on the page where
 * none can (server rendering, a test DOM, a CSP without `worker-src`): the same DOM either way.
 * Once the text is `complete`, it is drawn whole in the render that says so.
 */
export const Markdown = forwardRef<HTMLDivElement, MarkdownProps>(function Markdown(
  { children, complete = false, className, ...rest },
  ref,
) {
  const last = useRef<Blocks>(undefined);
  const lastDocument = useRef<ResolvedDocument>(undefined);
  const lastRuns = useRef<readonly Run[]>([]);
  const lastChapters = useRef<readonly (readonly Run[])[]>([]);
  const prefix = `tandem-${useId().replace(/[^\w-]/g, "")}-`;
  const [offThread] = useState(() => new OffThreadParser());
  const parsed = useSyncExternalStore(offThread.subscribe, offThread.version, offThread.version);
  // The cut drawn: `children`'s, or while the worker parses it, the newest text it has parsed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `parsed` says the worker has parsed a newer text
  const cut = useMemo(() => {
    last.current = offThread.cut(children, last.current, complete);
    return last.current;
  }, [children, complete, parsed, offThread]);
  // Made again only with the cut: a frame whose text is still being parsed renders nothing below.
  const body = useMemo(() => {
    lastDocument.current = resolveDocument(cut, lastDocument.current);
    lastRuns.current = runsOf(cut.blocks, lastDocument.current.blocks, lastRuns.current, lastDocument.current.unchanged);
    lastChapters.current = chaptersOf(lastRuns.current, lastChapters.current);
    const chapters = lastChapters.current;
    const { footer } = lastDocument.current;
    return (
      <>
        {chapters.map((runs, i) => (
          // Keyed by position, as the runs and the blocks are.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Chapter key={i} runs={runs} first={i * CHAPTER} open={i === chapters.length - 1} prefix={prefix} />
        ))}
        {footer && <Footnotes footer={footer} prefix={prefix} />}
      </>
    );
  }, [cut, prefix]);
  return (
    <div {...rest} ref={ref} className={cx("tandem-markdown", className)}>
      {body}
    </div>
  );
});

import { type ComponentPropsWithoutRef, forwardRef, type JSX, memo, useMemo, useRef } from "react";
import ReactMarkdown, { type Components, type UrlTransform } from "react-markdown";
import remarkGfm from "remark-gfm";
import remend, { type RemendOptions } from "remend";
import { cx } from "../util/cx.js";
import { type Blocks, splitBlocks } from "./blocks.js";
import { CodeBlock } from "./CodeBlock.js";
import { remarkHtmlAsText } from "./htmlAsText.js";
import { isSafeImage, isSafeLink } from "./safeUrl.js";
import type { MarkdownProps } from "./types.js";

type WithNode<T extends keyof JSX.IntrinsicElements> = ComponentPropsWithoutRef<T> & { node?: unknown };

/** Links open in a new tab without access to this page; anything but http(s)/mailto is plain text. */
function SafeLink({ node: _node, href, children, ...rest }: WithNode<"a">) {
  if (!isSafeLink(href)) return <span className="tandem-markdown__unsafe-link">{children}</span>;
  return (
    <a {...rest} href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** Images load only from http(s); otherwise their alt text is shown. */
function SafeImage({ node: _node, src, alt, ...rest }: WithNode<"img">) {
  if (typeof src !== "string" || !isSafeImage(src)) return alt ? <span>{alt}</span> : null;
  return <img {...rest} src={src} alt={alt ?? ""} loading="lazy" referrerPolicy="no-referrer" />;
}

function Table({ node: _node, ...rest }: WithNode<"table">) {
  return (
    <div className="tandem-markdown__table">
      <table {...rest} />
    </div>
  );
}

const components: Components = { a: SafeLink, img: SafeImage, pre: CodeBlock, table: Table };

// Unsafe URLs are dropped before rendering too, so no element ever carries them.
const urlTransform: UrlTransform = (url, key) => ((key === "src" ? isSafeImage(url) : isSafeLink(url)) ? url : "");

const remarkPlugins = [remarkGfm, remarkHtmlAsText];

// Unfinished syntax at the end of a streaming reply is closed for display (`**bold` shows bold,
// `` `code`` code, a half link its text). Raw HTML is literal text here, so a half tag needs no
// stripping (and text is never dropped); no math.
const remendOptions: RemendOptions = { linkMode: "text-only", htmlTags: false, katex: false, inlineKatex: false };

/**
 * One top-level block. Memoized on its text: a block the reply has moved past keeps its text,
 * so it is parsed once and never rendered again; only the last (open) block re-parses.
 */
const Block = memo(function Block({ text, open }: { text: string; open: boolean }) {
  return (
    <ReactMarkdown remarkPlugins={remarkPlugins} skipHtml urlTransform={urlTransform} components={components}>
      {open ? remend(text, remendOptions) : text}
    </ReactMarkdown>
  );
});

/**
 * GitHub-flavoured Markdown for agent text, safe while it streams: raw HTML is shown as the
 * literal text it is (never parsed into elements, never dropped), links are limited to
 * http(s)/mailto and open in a new tab. The text is cut into top-level blocks, each rendered on
 * its own, so a streaming reply costs per frame what its last block costs, however long it is.
 */
export const Markdown = forwardRef<HTMLDivElement, MarkdownProps>(function Markdown({ children, className, ...rest }, ref) {
  const last = useRef<Blocks>(undefined);
  const { blocks } = useMemo(() => {
    last.current = splitBlocks(children, last.current);
    return last.current;
  }, [children]);
  return (
    <div {...rest} ref={ref} className={cx("tandem-markdown", className)}>
      {blocks.map((text, i) => (
        // Keyed by position: a block keeps its element as it grows, and its memo compares the text.
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positions in one growing text
        <Block key={i} text={text} open={i === blocks.length - 1} />
      ))}
    </div>
  );
});

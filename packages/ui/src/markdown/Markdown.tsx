import { type ComponentPropsWithoutRef, forwardRef, type JSX } from "react";
import ReactMarkdown, { type Components, type UrlTransform } from "react-markdown";
import remarkGfm from "remark-gfm";
import { cx } from "../util/cx.js";
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

/**
 * GitHub-flavoured Markdown for agent text, safe while it streams: raw HTML is shown as the
 * literal text it is (never parsed into elements, never dropped), links are limited to
 * http(s)/mailto and open in a new tab.
 */
export const Markdown = forwardRef<HTMLDivElement, MarkdownProps>(function Markdown({ children, className, ...rest }, ref) {
  return (
    <div {...rest} ref={ref} className={cx("tandem-markdown", className)}>
      <ReactMarkdown remarkPlugins={remarkPlugins} skipHtml urlTransform={urlTransform} components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
});

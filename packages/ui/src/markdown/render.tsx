import { type Components, toJsxRuntime } from "hast-util-to-jsx-runtime";
import { urlAttributes } from "html-url-attributes";
import { toHast } from "mdast-util-to-hast";
import type { ComponentPropsWithoutRef, JSX, ReactNode } from "react";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
import { CodeBlock } from "./CodeBlock.js";
import { remarkHtmlAsText } from "./htmlAsText.js";
import { isSafeImage, isSafeLink } from "./safeUrl.js";
import { type Mdast, parseMarkdown } from "./syntax.js";

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

const components = { a: SafeLink, img: SafeImage, pre: CodeBlock, table: Table } as Partial<Components>;

type Hast = ReturnType<typeof toHast>;
interface HastNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** Unsafe URLs are dropped before rendering too, so no element ever carries them. */
function safeUrl(url: string, key: string): string {
  return (key === "src" ? isSafeImage(url) : isSafeLink(url)) ? url : "";
}

/** What react-markdown does after remark-rehype: raw HTML goes (`skipHtml`), URL attributes are checked. */
function clean(node: HastNode): void {
  const children = node.children;
  if (!children) return;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (child.type === "raw") {
      children.splice(i--, 1);
      continue;
    }
    if (child.type === "element" && child.properties) {
      for (const key in urlAttributes) {
        if (!Object.hasOwn(child.properties, key)) continue;
        const test = urlAttributes[key];
        if (test === null || test?.includes(child.tagName ?? "")) child.properties[key] = safeUrl(String(child.properties[key] || ""), key);
      }
    }
    clean(child);
  }
}

/** The React elements for an mdast tree: raw HTML as literal text, GFM, safe URLs, Tandem's components. */
export function renderTree(tree: Mdast): ReactNode {
  remarkHtmlAsText()(tree);
  // As react-markdown sets it: raw HTML nodes are made, then dropped by `clean` (there are none:
  // remarkHtmlAsText turned them into text).
  const hast: Hast = toHast(tree, { allowDangerousHtml: true });
  clean(hast as HastNode);
  return toJsxRuntime(hast, { Fragment, components, ignoreInvalidStyle: true, jsx, jsxs, passKeys: true, passNode: true });
}

/**
 * Markdown to React elements, through the same stages react-markdown runs (micromark + GFM to
 * mdast, remark-rehype's mdast to hast, hast to JSX) with everything that does not depend on the
 * text made once (the grammar, the components), so a call costs what its text costs.
 */
export function renderMarkdown(text: string): ReactNode {
  return renderTree(parseMarkdown(text));
}

import { type Components, toJsxRuntime } from "hast-util-to-jsx-runtime";
import { urlAttributes } from "html-url-attributes";
import { defaultHandlers, type State, toHast } from "mdast-util-to-hast";
import type { ComponentPropsWithoutRef, JSX, ReactNode } from "react";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
import { isSafeImage, isSafeLink } from "../util/urlPolicy.js";
import { CodeBlock } from "./CodeBlock.js";
import type { Footer, MdNode, NotesSoFar } from "./document.js";
import { remarkHtmlAsText } from "./htmlAsText.js";
import { InlineMath } from "./Math.js";
import { type Mdast, parseMarkdown } from "./syntax.js";

type WithNode<T extends keyof JSX.IntrinsicElements> = ComponentPropsWithoutRef<T> & { node?: unknown };

/** Links open in a new tab without access to this page; anything but http(s)/mailto is plain text. */
function SafeLink({ node: _node, href, children, ...rest }: WithNode<"a">) {
  // A footnote's call and its way back: links within the reply, to ids it made itself (see `clean`).
  const footnote = "data-footnote-ref" in rest || "data-footnote-backref" in rest;
  if (footnote && href?.startsWith("#")) {
    return (
      <a {...rest} href={href}>
        {children}
      </a>
    );
  }
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

/** Inline code, or inline math (`$…$`, which mdast-util-math makes a `code.math-inline`). */
function Code({ node: _node, className, children, ...rest }: WithNode<"code">) {
  if (className?.split(" ").includes("math-inline")) return <InlineMath tex={String(children ?? "")} />;
  return (
    <code {...rest} className={className}>
      {children}
    </code>
  );
}

const components = { a: SafeLink, code: Code, img: SafeImage, pre: CodeBlock, table: Table } as Partial<Components>;

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

/**
 * What react-markdown does after remark-rehype: raw HTML goes (`skipHtml`), URL attributes are
 * checked. And the footnotes' label gets the reply's prefix, as their other ids do, so that two
 * replies with notes on one page have no id in common.
 */
function clean(node: HastNode, prefix: string): void {
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
        const url = String(child.properties[key] || "");
        const footnote = "dataFootnoteRef" in child.properties || "dataFootnoteBackref" in child.properties;
        if (footnote && key === "href" && url.startsWith(`#${prefix}`)) continue;
        if (test === null || test?.includes(child.tagName ?? "")) child.properties[key] = safeUrl(url, key);
      }
      if (child.properties.id === "footnote-label") child.properties.id = `${prefix}footnote-label`;
      if ("dataFootnoteRef" in child.properties) child.properties.ariaDescribedBy = [`${prefix}footnote-label`];
    }
    clean(child, prefix);
  }
}

/** How a reply's block is drawn beside its text: the prefix of its ids, the footnotes called before it. */
export interface RenderOptions {
  /** Prefixes every id the reply's Markdown makes (footnotes and their calls), unique to the reply. */
  prefix: string;
  notesBefore?: NotesSoFar | undefined;
}

/** Footnote calls numbered in the whole reply's order: the state starts from the calls of the blocks before. */
function footnoteHandlers(notesBefore: NotesSoFar | undefined) {
  if (!notesBefore) return undefined;
  const seeded = new WeakSet<State>();
  return {
    footnoteReference(state: State, node: Parameters<typeof defaultHandlers.footnoteReference>[1]) {
      if (!seeded.has(state)) {
        seeded.add(state);
        state.footnoteOrder.push(...notesBefore.order.map((id) => id.toUpperCase()));
        for (const [id, count] of notesBefore.counts) state.footnoteCounts.set(id.toUpperCase(), count);
      }
      return defaultHandlers.footnoteReference(state, node);
    },
  };
}

function toReact(hast: Hast, prefix: string): ReactNode {
  clean(hast as HastNode, prefix);
  return toJsxRuntime(hast, { Fragment, components, ignoreInvalidStyle: true, jsx, jsxs, passKeys: true, passNode: true });
}

/** The React elements for an mdast tree: raw HTML as literal text, GFM, math, safe URLs, Tandem's components. */
export function renderTree(tree: Mdast, { prefix, notesBefore }: RenderOptions): ReactNode {
  remarkHtmlAsText()(tree);
  // As react-markdown sets it: raw HTML nodes are made, then dropped by `clean` (there are none:
  // remarkHtmlAsText turned them into text).
  const hast: Hast = toHast(tree, { allowDangerousHtml: true, clobberPrefix: prefix, handlers: footnoteHandlers(notesBefore) });
  return toReact(hast, prefix);
}

/**
 * Markdown to React elements, through the same stages react-markdown runs (micromark + GFM to
 * mdast, remark-rehype's mdast to hast, hast to JSX) with everything that does not depend on the
 * text made once (the grammar, the components), so a call costs what its text costs.
 */
export function renderMarkdown(text: string, options: RenderOptions): ReactNode {
  return renderTree(parseMarkdown(text), options);
}

/**
 * The notes at the end of a reply, as mdast-util-to-hast draws them for the whole reply: each
 * called footnote in order, with a link back to each of its calls.
 */
export function renderFooter(footer: Footer, prefix: string): ReactNode {
  const calls: MdNode[] = footer.order.flatMap((id) =>
    Array.from({ length: footer.counts.get(id) ?? 0 }, () => ({ type: "footnoteReference", identifier: id, label: id })),
  );
  const tree = { type: "root", children: [{ type: "paragraph", children: calls }, ...footer.notes, ...footer.links] } as Mdast;
  remarkHtmlAsText()(tree);
  const hast = toHast(tree, { allowDangerousHtml: true, clobberPrefix: prefix }) as HastNode;
  const section = hast.children?.find((child) => child.tagName === "section");
  return section ? toReact({ type: "root", children: [section] } as Hast, prefix) : null;
}

import { loadOnce } from "@tandem/core";
import { toJsxRuntime } from "hast-util-to-jsx-runtime";
import { type ComponentPropsWithoutRef, createContext, forwardRef, type ReactNode, useContext, useEffect, useState } from "react";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
import { useLabels } from "../labels/labels.js";
import { useNearView } from "../messages/nearView.js";
import { cx } from "../util/cx.js";
import { useDelegatedAction } from "../util/delegatedClick.js";
import { useCopy } from "../util/useCopy.js";
import { fenceRenderer } from "./fences.js";
import { DisplayMath } from "./Math.js";

interface HastNode {
  type: string;
  value?: string;
  tagName?: string;
  properties?: { className?: unknown };
  children?: HastNode[];
}

function textOf(node: HastNode | undefined): string {
  if (!node) return "";
  if (node.type === "text") return node.value ?? "";
  return (node.children ?? []).map(textOf).join("");
}

function classesOf(node: HastNode | undefined): string[] {
  const classes = node?.properties?.className;
  return (Array.isArray(classes) ? classes : typeof classes === "string" ? classes.split(" ") : []).filter(
    (c): c is string => typeof c === "string",
  );
}

function languageOf(node: HastNode | undefined): string | undefined {
  const code = node?.children?.find((c) => c.tagName === "code");
  return classesOf(code)
    .find((c) => c.startsWith("language-"))
    ?.slice("language-".length);
}

/**
 * True inside the block the reply is still writing (the Markdown renderer provides it): a code
 * block there may change with the next token, so it is not highlighted yet.
 */
export const BlockStillOpen = createContext(false);

/** How long the code of the reply's last block must stand still before it is highlighted (the reply may have ended). */
const SETTLE_MS = 800;

/** The highlighter, a chunk of its own; not loaded (offline?): plain text, and the next block tries again. */
const loadHighlighter = loadOnce(() => import("./highlight.js"));

/** Highlighted code by language and text, so a block shown again is not highlighted again. */
const highlighted = new Map<string, ReactNode>();
function remember(key: string, node: ReactNode): void {
  if (highlighted.size >= 200) highlighted.delete(highlighted.keys().next().value!);
  highlighted.set(key, node);
}

const whenIdle = (run: () => void) =>
  typeof requestIdleCallback === "function" ? requestIdleCallback(run, { timeout: 500 }) : setTimeout(run, 0);

/**
 * `code` highlighted as `language`, once the block is finished and `near` the view: never on a
 * token, never in a render. A finished block is highlighted in the first idle moment after it
 * comes within a screen of the view; the reply's last block once its code has stood still (the
 * reply ended, or paused). A block the reply has left below the view while it streams on (a page
 * that does not follow it) is not highlighted until someone scrolls to it: a long reply's
 * highlighting was a tenth of its React time and of its heap in the shared bench. The
 * highlighter is a chunk of its own, fetched for the first such block. Until then, and for a
 * language it does not know, undefined: the plain text stays.
 */
function useHighlighted(code: string, language: string | undefined, open: boolean, near: boolean): ReactNode | undefined {
  const key = language && code ? `${language}\u0000${code}` : undefined;
  const [done, setDone] = useState<{ key: string; node: ReactNode }>();
  const cached = key === undefined ? undefined : highlighted.get(key);
  useEffect(() => {
    if (!near || key === undefined || language === undefined || highlighted.has(key)) return;
    let cancelled = false;
    const timer = setTimeout(
      () =>
        whenIdle(() => {
          if (cancelled) return;
          loadHighlighter().then(
            (module) => {
              const tree = module.highlight(code, language);
              const node = tree ? toJsxRuntime(tree, { Fragment, jsx, jsxs, passKeys: true }) : null;
              remember(key, node);
              if (!cancelled) setDone({ key, node });
            },
            () => undefined, // not loaded (offline?): plain text, and the next block tries again
          );
        }),
      open ? SETTLE_MS : 0,
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [key, language, code, open, near]);
  return cached ?? (done && done.key === key ? done.node : undefined);
}

/** Props of `<CodeBlock>`: a `<pre>`'s props, plus the renderer's hast `node` it reads the language and code from. */
export type CodeBlockProps = ComponentPropsWithoutRef<"pre"> & { node?: unknown };

/**
 * A fenced code block with its language and a Copy button (the renderer's `pre`); the ref and
 * props go to the `pre`. Once the block is finished, and near the view in a transcript, its code
 * is syntax-highlighted (see `useHighlighted`); while it streams, and until the highlighter is
 * there, it is plain text.
 */
export const CodeBlock = forwardRef<HTMLPreElement, CodeBlockProps>(function CodeBlock(props, ref) {
  const hast = props.node as HastNode | undefined;
  const language = languageOf(hast);
  const open = useContext(BlockStillOpen);
  const code = textOf(hast?.children?.find((c) => c.tagName === "code"));
  // `$$…$$` and ```` ```math ```` alike (mdast-util-math gives `$$` the class `language-math`).
  if (language === "math")
    return <DisplayMath tex={code.endsWith("\n") && !classesOf(hast?.children?.[0]).includes("math-display") ? code.slice(0, -1) : code} />;
  const Renderer = fenceRenderer(language);
  if (Renderer && language) return <Renderer code={code} language={language.toLowerCase()} streaming={open} />;
  return <Code {...props} ref={ref} />;
});

/** A code block drawn as code: its bar (language, Copy) and its text, highlighted once finished. */
const Code = forwardRef<HTMLPreElement, CodeBlockProps>(function Code({ node, className, children, ...rest }, ref) {
  const hast = node as HastNode | undefined;
  const { copied, copy } = useCopy();
  const labels = useLabels();
  const language = languageOf(hast);
  const code = hast?.children?.find((c) => c.tagName === "code");
  // Near the view: the transcript's observer says so (everywhere else, such as a page of its own, it is).
  const [near, nearRef] = useNearView<HTMLDivElement>(false);
  const tokens = useHighlighted(textOf(code), language, useContext(BlockStillOpen), near);
  const copyAction = useDelegatedAction<HTMLButtonElement>(() => void copy(textOf(hast)));
  return (
    <div ref={nearRef} className="tandem-code-block">
      <div className="tandem-code-block__bar">
        <span className="tandem-code-block__language">{language ?? labels.code}</span>
        <button type="button" className="tandem-code-block__copy" {...copyAction}>
          {copied ? labels.copied : labels.copy}
        </button>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so a keyboard can scroll a long line sideways (axe's scrollable-region-focusable) */}
      <pre tabIndex={0} {...rest} ref={ref} className={cx("tandem-code-block__pre", className)}>
        {tokens ? <code className={classesOf(code).join(" ") || undefined}>{tokens}</code> : children}
      </pre>
    </div>
  );
});

import { type ComponentPropsWithoutRef, forwardRef, useEffect, useRef, useState } from "react";
import { useLabels } from "../labels/labels.js";
import { cx } from "../util/cx.js";

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

function languageOf(node: HastNode | undefined): string | undefined {
  const code = node?.children?.find((c) => c.tagName === "code");
  const classes = code?.properties?.className;
  const list = Array.isArray(classes) ? classes : typeof classes === "string" ? classes.split(" ") : [];
  const lang = list.find((c): c is string => typeof c === "string" && c.startsWith("language-"));
  return lang?.slice("language-".length);
}

/** Copies text to the clipboard; `copied` stays true for a moment after. */
export function useCopy(resetAfter = 2000): { copied: boolean; copy: (text: string) => Promise<void> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return; // no clipboard (insecure context, denied): nothing to confirm
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), resetAfter);
  };
  return { copied, copy };
}

export type CodeBlockProps = ComponentPropsWithoutRef<"pre"> & { node?: unknown };

/** A fenced code block with its language and a Copy button (the renderer's `pre`); the ref and props go to the `pre`. */
export const CodeBlock = forwardRef<HTMLPreElement, CodeBlockProps>(function CodeBlock({ node, className, children, ...rest }, ref) {
  const hast = node as HastNode | undefined;
  const { copied, copy } = useCopy();
  const labels = useLabels();
  const language = languageOf(hast);
  return (
    <div className="tandem-code-block">
      <div className="tandem-code-block__bar">
        <span className="tandem-code-block__language">{language ?? labels.code}</span>
        <button type="button" className="tandem-code-block__copy" onClick={() => void copy(textOf(hast))}>
          {copied ? labels.copied : labels.copy}
        </button>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so a keyboard can scroll a long line sideways (axe's scrollable-region-focusable) */}
      <pre tabIndex={0} {...rest} ref={ref} className={cx("tandem-code-block__pre", className)}>
        {children}
      </pre>
    </div>
  );
});

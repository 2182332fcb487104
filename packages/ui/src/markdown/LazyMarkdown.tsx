import { forwardRef, lazy, Suspense } from "react";
import { cx } from "../util/cx.js";
import type { MarkdownProps } from "./types.js";

let loading: Promise<typeof import("./Markdown.js")> | undefined;

/** Starts loading the Markdown renderer ahead of the first reply. */
export function preloadMarkdown(): Promise<typeof import("./Markdown.js")> {
  loading ??= import("./Markdown.js");
  return loading;
}

const LazyRenderer = lazy(() => preloadMarkdown().then((m) => ({ default: m.Markdown })));

/**
 * Markdown, loaded on first use so the main bundle does not carry the parser. Until it
 * arrives the text shows as plain text (React escapes it; nothing is parsed as HTML).
 */
export const Markdown = forwardRef<HTMLDivElement, MarkdownProps>(function Markdown({ className, children, ...rest }, ref) {
  return (
    <Suspense
      fallback={
        <div {...rest} ref={ref} className={cx("tandem-markdown", "tandem-markdown--plain", className)}>
          {children}
        </div>
      }
    >
      <LazyRenderer {...rest} ref={ref} className={className}>
        {children}
      </LazyRenderer>
    </Suspense>
  );
});

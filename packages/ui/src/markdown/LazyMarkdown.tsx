import { loadOnce } from "@tandem/core";
import { forwardRef } from "react";
import { cx } from "../util/cx.js";
import { lazyPart } from "../util/lazyPart.js";
import { PartFailed } from "../util/PartFailed.js";
import type { MarkdownProps } from "./types.js";

/** Until the renderer arrives, the text as plain text (React escapes it; nothing is parsed as HTML). */
const PlainMarkdown = forwardRef<HTMLDivElement, MarkdownProps>(function PlainMarkdown(
  { className, children, complete: _complete, ...rest },
  ref,
) {
  return (
    <div {...rest} ref={ref} className={cx("tandem-markdown", "tandem-markdown--plain", className)}>
      {children}
    </div>
  );
});

/** The renderer's chunk could not be loaded: the reply as plain text, and Retry to load it again. */
function MarkdownFailed({ children, retry }: MarkdownProps & { retry: () => void }) {
  return <PartFailed retry={retry} text={children} />;
}

// A part like the others (`lazyPart`): once loaded, the renderer itself in the same render that
// asks for it (no Suspense, so the rows of a thread opened at once never show a fallback first).
/** The renderer's module: loaded once, forgotten after a failure (the next use loads it again). */
const loadRenderer = loadOnce(() => import("./Markdown.js"));
const LazyRenderer = lazyPart<MarkdownProps, HTMLDivElement>(() => loadRenderer().then((module) => module.Markdown), {
  pending: PlainMarkdown,
  failed: MarkdownFailed,
});

/**
 * Starts loading the Markdown renderer ahead of the first reply. Settles when it is in; after a
 * failure, the next call or the next reply that shows loads it again.
 */
export function preloadMarkdown(): Promise<typeof import("./Markdown.js")> {
  return LazyRenderer.preload().then(() => loadRenderer());
}

/**
 * Markdown, loaded on first use so the main bundle does not carry the parser (`Markdown` in
 * `@tandem/ui`; `@tandem/ui/markdown`'s `Markdown` is the renderer itself, loaded eagerly). Until it
 * arrives the text shows as plain text (React escapes it; nothing is parsed as HTML). If its
 * chunk cannot be loaded, the reply shows as plain text in the part's failure view
 * (`data-testid="part-failed"`) with Retry; the chat around it stays mounted.
 */
export const LazyMarkdown = forwardRef<HTMLDivElement, MarkdownProps>(function LazyMarkdown(props, ref) {
  return <LazyRenderer {...props} ref={ref} />;
});

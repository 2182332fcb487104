import { forwardRef, lazy, Suspense } from "react";
import { cx } from "../util/cx.js";
import type { MarkdownProps } from "./types.js";

type Renderer = typeof import("./Markdown.js");

let loading: Promise<Renderer> | undefined;
let loaded: Renderer | undefined;

/** Starts loading the Markdown renderer ahead of the first reply. */
export function preloadMarkdown(): Promise<Renderer> {
  loading ??= import("./Markdown.js").then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

/**
 * A thenable that calls back at once. `lazy` then takes a renderer that is already loaded in
 * the render that asks for it: with a promise it would suspend for a microtask, every row
 * mounted in that render would show its fallback, and React would render them all again in a
 * retry that each streamed frame interrupts and starts over.
 */
// biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, the one shape lazy() reads synchronously
const settled = <T,>(value: T) => ({ then: (resolve: (value: T) => void) => resolve(value) }) as unknown as Promise<T>;

const LazyRenderer = lazy(() =>
  loaded ? settled({ default: loaded.Markdown }) : preloadMarkdown().then((module) => ({ default: module.Markdown })),
);

/**
 * Markdown, loaded on first use so the main bundle does not carry the parser. Until it
 * arrives the text shows as plain text (React escapes it; nothing is parsed as HTML).
 */
export const Markdown = forwardRef<HTMLDivElement, MarkdownProps>(function Markdown({ className, children, ...rest }, ref) {
  // Once loaded, the renderer itself: no Suspense and lazy layers in every row of a long thread.
  if (loaded)
    return (
      <loaded.Markdown {...rest} ref={ref} className={className}>
        {children}
      </loaded.Markdown>
    );
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

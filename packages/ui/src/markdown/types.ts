import type { ComponentPropsWithoutRef } from "react";

/** Props of `<Markdown>`: a `<div>`'s props, plus the Markdown text as children. */
export interface MarkdownProps extends Omit<ComponentPropsWithoutRef<"div">, "children"> {
  /** The Markdown text; it may be incomplete while it streams. */
  children: string;
}

declare module "../parts/registry.js" {
  interface ChatParts {
    /** A reply's text (and reasoning's), as Markdown. */
    Markdown: MarkdownProps;
  }
}

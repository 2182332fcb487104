import type { ComponentPropsWithoutRef } from "react";

/** Props of `<Markdown>`: a `<div>`'s props, plus the Markdown text as children. */
export interface MarkdownProps extends Omit<ComponentPropsWithoutRef<"div">, "children"> {
  /** The Markdown text; it may be incomplete while it streams. */
  children: string;
  /**
   * The text is final (the reply has ended): it is drawn whole in the render that gets it. While
   * a reply grows (the default, `false`), its newest blocks may be parsed off the main thread and
   * drawn a frame later; a reply marked complete is never a frame behind its row's
   * `data-state="complete"`.
   */
  complete?: boolean;
}

declare module "../parts/registry.js" {
  interface ChatParts {
    /** A reply's text (and reasoning's), as Markdown. */
    Markdown: MarkdownProps;
  }
}

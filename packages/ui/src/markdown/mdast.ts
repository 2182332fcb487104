import type { fromMarkdown } from "mdast-util-from-markdown";

/** A parsed Markdown document: the mdast root that micromark's `fromMarkdown` returns. */
export type Mdast = ReturnType<typeof fromMarkdown>;

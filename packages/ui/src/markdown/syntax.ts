import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { mathFromMarkdown } from "mdast-util-math";
import { gfm } from "micromark-extension-gfm";
import { math } from "micromark-extension-math";
import { capNesting, capTree } from "./depth.js";
import type { Mdast } from "./mdast.js";

export type { Mdast } from "./mdast.js";

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

/** A text and the tree `parseMarkdown` gives for it. */
export type ParsedText = [text: string, tree: Mdast];

/** Trees parsed off the main thread (see `offThread.ts`), by text, each handed out once (a text parsed twice has two). */
const handedOver = new Map<string, Mdast[]>();
/** Texts kept waiting for their parse: a frame's few, never a reply's history. */
const HANDED_OVER_MAX = 32;

/**
 * Trees parsed elsewhere for texts the renderer is about to parse: `parseMarkdown` returns each
 * once instead of parsing its text again (the renderer may change a tree it was given, so a
 * tree is never given twice).
 */
export function handOver(parsed: readonly ParsedText[]): void {
  for (const [text, tree] of parsed) {
    // Put last, so the texts evicted first are those handed over longest ago (a frame the
    // renderer moved past never asks for its trees).
    const trees = handedOver.get(text) ?? [];
    handedOver.delete(text);
    handedOver.set(text, [...trees.slice(-1), tree]);
  }
  for (const text of handedOver.keys()) {
    if (handedOver.size <= HANDED_OVER_MAX) break;
    handedOver.delete(text);
  }
}

let recording: ParsedText[] | undefined;

/** Runs `work` and returns every text it parsed with its tree, for `handOver` on the main thread. */
export function recordParses(work: () => void): ParsedText[] {
  recording = [];
  try {
    work();
    return recording;
  } finally {
    recording = undefined;
  }
}

/**
 * GitHub-flavoured Markdown with math (`$…$`, `$$…$$`) to mdast: micromark + GFM + math, as
 * react-markdown with remark-gfm and remark-math parses it. An extension the text holds nothing
 * for is left out, which gives the same tree for less work: the GitHub extensions cost a parse
 * most of its setup, and their autolink pass a walk of every text node. Nesting is capped
 * (`capNesting`, `capTree` in `depth.ts`): containers past 32 deep are read as text before the
 * parse, and a tree never goes deeper than 96 levels, so a hostile reply costs what its length
 * costs and no walker after the parse overflows the stack.
 */
export function parseMarkdown(text: string): Mdast {
  // What is being recorded is parsed for another thread: parsed here, whatever was handed over.
  const given = recording === undefined ? handedOver.get(text) : undefined;
  if (given !== undefined) {
    if (given.length === 1) handedOver.delete(text);
    return given.shift()!;
  }
  const capped = capNesting(text);
  const tree = capTree(fromMarkdown(capped.text, syntax(GFM_TRIGGER.test(text), text.includes("$"))), capped.added);
  recording?.push([text, tree]);
  return tree;
}

import type { Mdast } from "./syntax.js";

const OPEN_FENCE = /^(`{3,}|~{3,})([^\n]*)/;
const CLOSING_FENCE = /^ {0,3}(`+|~+)[ \t]*$/;

/**
 * A fenced code block still being written: a top-level fence (no indentation) with no closing
 * fence yet, which CommonMark runs to the end of the text. Its info string and the text after
 * the opening line; undefined for anything else, and for what this does not read exactly as
 * micromark would (an escape or entity in the info string, CR line endings).
 */
function readOpenFence(text: string): { info: string; body: string } | undefined {
  const match = OPEN_FENCE.exec(text);
  if (!match || text.includes("\r")) return undefined;
  const fence = match[1]!;
  const info = match[2]!;
  if (/[\\&]/.test(info) || (fence[0] === "`" && info.includes("`"))) return undefined;
  const newline = text.indexOf("\n");
  const body = newline < 0 ? "" : text.slice(newline + 1);
  for (const line of body.split("\n")) {
    const closing = CLOSING_FENCE.exec(line)?.[1];
    if (closing && closing[0] === fence[0] && closing.length >= fence.length) return undefined;
  }
  return { info, body };
}

/** Whether `text` is one fenced code block still being written: all of it is that one block, whatever follows. */
export function isOpenFence(text: string): boolean {
  return readOpenFence(text) !== undefined;
}

/**
 * A fenced code block still being written, as the mdast micromark would make of it, without
 * tokenizing it: its content is the text after the opening line. Undefined for anything else.
 */
export function openFence(text: string): Mdast | undefined {
  const open = readOpenFence(text);
  if (!open) return undefined;
  const value = open.body.endsWith("\n") ? open.body.slice(0, -1) : open.body;
  const words = open.info.replace(/^[ \t]+/, "");
  const lang = /^\S+/.exec(words)?.[0] ?? null;
  const meta = lang === null ? null : words.slice(lang.length).replace(/^[ \t]+/, "") || null;
  return { type: "root", children: [{ type: "code", lang, meta, value }] };
}

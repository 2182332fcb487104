import type { Mdast } from "./mdast.js";

const OPEN_FENCE = /^(`{3,}|~{3,})([^\n]*)/;
const CLOSING_FENCE = /^ {0,3}(`+|~+)[ \t]*$/;

/**
 * A top-level fenced code block (no indentation) at the start of `text`, read as CommonMark
 * reads it: its info string, its content (the lines between the opening and closing fences, or
 * all the text after the opening line while it has no closing fence), and where its closing
 * fence line ends (undefined while it has none). Undefined for anything else, and for what this
 * does not read exactly as micromark would (an escape or entity in the info string, CR line
 * endings).
 */
function readFence(text: string): { info: string; body: string; end: number | undefined } | undefined {
  const match = OPEN_FENCE.exec(text);
  if (!match || text.includes("\r")) return undefined;
  const fence = match[1]!;
  const info = match[2]!;
  if (/[\\&]/.test(info) || (fence[0] === "`" && info.includes("`"))) return undefined;
  const first = text.indexOf("\n");
  let at = first;
  while (at >= 0) {
    const next = text.indexOf("\n", at + 1);
    const closing = CLOSING_FENCE.exec(text.slice(at + 1, next < 0 ? undefined : next))?.[1];
    if (closing && closing[0] === fence[0] && closing.length >= fence.length) {
      return { info, body: at === first ? "" : text.slice(first + 1, at), end: next < 0 ? text.length : next + 1 };
    }
    at = next;
  }
  return { info, body: first < 0 ? "" : text.slice(first + 1), end: undefined };
}

/** The mdast of a fenced code block with this info string and content. */
function codeTree(info: string, value: string): Mdast {
  const words = info.replace(/^[ \t]+/, "");
  const lang = /^\S+/.exec(words)?.[0] ?? null;
  const meta = lang === null ? null : words.slice(lang.length).replace(/^[ \t]+/, "") || null;
  return { type: "root", children: [{ type: "code", lang, meta, value }] };
}

function readOpenFence(text: string): { info: string; body: string } | undefined {
  const fence = readFence(text);
  return fence && fence.end === undefined ? fence : undefined;
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
  return codeTree(open.info, open.body.endsWith("\n") ? open.body.slice(0, -1) : open.body);
}

/**
 * A fenced code block that `text` starts with and that has been closed: its mdast, as micromark
 * would make it, and where its closing fence line ends. Undefined for anything else (see `readFence`).
 */
export function closedFence(text: string): { tree: Mdast; end: number } | undefined {
  const fence = readFence(text);
  if (!fence || fence.end === undefined) return undefined;
  return { tree: codeTree(fence.info, fence.body), end: fence.end };
}

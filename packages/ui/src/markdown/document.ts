import { normalizeIdentifier } from "micromark-util-normalize-identifier";
import type { Blocks } from "./blocks.js";
import { type Mdast, parseMarkdown } from "./syntax.js";

/** The few mdast fields read here (mdast's own types are not a dependency). */
export interface MdNode {
  type: string;
  identifier?: string;
  label?: string | null;
  url?: string;
  title?: string | null;
  children?: MdNode[];
  position?: { start: { offset?: number }; end: { offset?: number } };
}

/** What a block defines for the whole reply: link definitions (`[x]: url`) and footnotes (`[^x]: note`). */
interface Defined {
  links: MdNode[];
  notes: MdNode[];
}

const NOTHING: Defined = { links: [], notes: [] };

function collectDefined(node: MdNode, into: Defined): Defined {
  for (const child of node.children ?? []) {
    if (child.type === "definition") into.links.push(child);
    else if (child.type === "footnoteDefinition") into.notes.push(child);
    collectDefined(child, into);
  }
  return into;
}

/** The definitions in a block's text (a definition needs `]:`, so most blocks are not parsed for this). */
const definedIn = (text: string): Defined =>
  text.includes("]:") ? collectDefined(parseMarkdown(text), { links: [], notes: [] }) : NOTHING;

const LABEL = /\[(\^?)((?:[^[\]\\]|\\.){1,999})\]/g;

/**
 * Every identifier a block could refer to, as mdast normalizes it (`^` first for a footnote):
 * the text of every `[…]` in it. More than it refers to (a link's text too), never less.
 */
function labelsIn(text: string): Set<string> {
  const labels = new Set<string>();
  for (const [, caret, label] of text.matchAll(LABEL)) labels.add(caret + normalizeIdentifier(label!).toLowerCase());
  return labels;
}

/** Nodes that render elsewhere or nothing here: definitions (resolved from the whole reply) and footnotes (in the footer). */
function withoutDefinitions(node: MdNode): void {
  const children = node.children;
  if (!children) return;
  for (let i = children.length - 1; i >= 0; i--) {
    const child = children[i]!;
    if (child.type === "definition" || child.type === "footnoteDefinition") children.splice(i, 1);
    else withoutDefinitions(child);
  }
}

/**
 * A block's mdast where definitions made elsewhere in the reply resolve its references: its text
 * is parsed followed by a stand-in for each definition it may use (micromark makes a reference
 * only of a defined label), the stand-ins are cut off again, and the reply's own definitions take
 * their place. Its footnotes are returned apart: the footer shows them.
 */
export function parseWithDefinitions(text: string, links: readonly MdNode[], notes: readonly MdNode[]): { tree: Mdast; notes: MdNode[] } {
  if (links.length === 0 && notes.length === 0) return { tree: parseMarkdown(text), notes: [] };
  const stubs = [...links.map((d) => `[${d.label}]: x`), ...notes.map((d) => `[^${d.label}]: x`)];
  const parsed = parseMarkdown(`${text}\n\n${stubs.join("\n\n")}\n`) as MdNode;
  const own = parsed.children!.filter((node) => node.position!.start.offset! < text.length);
  // A block that would take the stand-ins in (an HTML comment left open) is left as its text alone gives it.
  const tree = own.some((node) => node.position!.end.offset! > text.length)
    ? (parseMarkdown(text) as MdNode)
    : { type: "root", children: own };
  const ownNotes = collectDefined(tree, { links: [], notes: [] }).notes;
  withoutDefinitions(tree);
  tree.children!.push(...links);
  return { tree: tree as Mdast, notes: ownNotes };
}

function footnoteCalls(node: MdNode, into: string[]): string[] {
  for (const child of node.children ?? []) {
    if (child.type === "footnoteReference") into.push(child.identifier!);
    footnoteCalls(child, into);
  }
  return into;
}

/** The footnotes called before a block, as the renderer numbers them: in order of first call, with how often each was called. */
export interface NotesSoFar {
  order: readonly string[];
  counts: ReadonlyMap<string, number>;
}

/** One block as the renderer draws it. */
export interface ResolvedBlock {
  /** Its mdast, where it is known already (see `Blocks.trees`, and blocks that use a definition). */
  tree: Mdast | undefined;
  /** What besides its text it depends on (the definitions it uses, its footnotes' numbers); "" for none. */
  key: string;
  /** The definitions it may use, for parsing it again (its open state). */
  links: readonly MdNode[];
  notes: readonly MdNode[];
  /** The footnotes called before it, where it calls any. */
  notesBefore: NotesSoFar | undefined;
}

/** The notes at the end of the reply: each footnote called, in order, with its calls and its definition. */
export interface Footer {
  order: readonly string[];
  counts: ReadonlyMap<string, number>;
  notes: readonly MdNode[];
  links: readonly MdNode[];
  /** Changes whenever the footer would draw differently. */
  key: string;
}

/** What the resolution of a block keeps from frame to frame, while the block's text stays. */
interface BlockState {
  text: string;
  defined: Defined;
  labels?: Set<string>;
  /** The definitions it was last resolved against, and what that gave. */
  uses?: string;
  tree?: Mdast;
  notes?: MdNode[];
  calls?: string[];
}

/** The reply's blocks resolved against the reply's definitions. */
export interface ResolvedDocument {
  blocks: ResolvedBlock[];
  footer: Footer | undefined;
  state: BlockState[];
  /** The `id` of the cut resolved. */
  cut: number;
  /** The blocks that define something (by index): in most replies, none. */
  definers: number[];
  /**
   * How many blocks, from the first, are the previous document's, the very same objects: a view
   * of the blocks need not compare those again.
   */
  unchanged: number;
  /** How many blocks, from the first, resolve to UNRESOLVED for as long as the reply only grows. */
  settled: number;
}

const NO_USES: Omit<ResolvedBlock, "tree"> = { key: "", links: [], notes: [], notesBefore: undefined };

/** A block that uses nothing of the reply and whose tree the cut did not give: most blocks of a long reply, one object for all. */
const UNRESOLVED: ResolvedBlock = { tree: undefined, ...NO_USES };

const unresolved = (tree: Mdast | undefined): ResolvedBlock => (tree === undefined ? UNRESOLVED : { tree, ...NO_USES });

/**
 * Resolves reference links and footnotes across a reply's blocks: each block is drawn on its own,
 * but a definition anywhere in the reply (before or after it, arrived in this frame or earlier)
 * resolves its references, and footnotes are numbered in the reply's order. A block is parsed
 * again only when the definitions it may use change. In a reply with no definition, a frame
 * looks only at the blocks the cut did not keep: the cost follows the blocks being written, not
 * the reply's length.
 */
export function resolveDocument(cut: Blocks, previous?: ResolvedDocument): ResolvedDocument {
  if (previous?.cut === cut.id) return previous;
  const { blocks: texts, trees } = cut;
  // The blocks the cut kept from the one `previous` resolved: their state is still theirs.
  const shared = previous !== undefined && cut.extends === previous.cut ? cut.kept : 0;
  const state = shared > 0 ? previous!.state.slice(0, shared) : [];
  const definers = shared > 0 ? previous!.definers.filter((i) => i < shared) : [];
  for (let i = shared; i < texts.length; i++) {
    const text = texts[i]!;
    let block = previous?.state[i];
    if (block === undefined || block.text !== text) block = { text, defined: definedIn(text) };
    // The same text, and from now on the same string: a string compares in no time only with
    // itself (a block's text in the cut changes from a slice of the frame's text to a copy of
    // its own once the block closes).
    else block.text = text;
    state.push(block);
    if (block.defined !== NOTHING) definers.push(i);
  }
  if (definers.length === 0) {
    // A kept block has no tree (it is drawn already): it resolves to UNRESOLVED, the previous
    // document's for those the previous cut had kept too.
    const unchanged = shared > 0 && previous!.definers.length === 0 ? Math.min(shared, previous!.settled) : 0;
    const blocks = unchanged > 0 ? previous!.blocks.slice(0, unchanged) : [];
    for (let i = unchanged; i < texts.length; i++) blocks.push(unresolved(trees[i]));
    return { blocks, footer: undefined, state, cut: cut.id, definers, unchanged, settled: cut.kept };
  }
  const links = new Map<string, MdNode>();
  const notes = new Map<string, MdNode>();
  for (const block of state) {
    for (const d of block.defined.links) if (!links.has(d.identifier!)) links.set(d.identifier!, d);
    for (const d of block.defined.notes) if (!notes.has(d.identifier!)) notes.set(d.identifier!, d);
  }

  const order: string[] = [];
  const counts = new Map<string, number>();
  const noteDefinitions = new Map<string, MdNode>();
  const footerLinks = [...links.values()];
  const blocks = state.map((block, i): ResolvedBlock => {
    block.labels ??= labelsIn(block.text);
    const usedLinks: MdNode[] = [];
    const usedNotes: MdNode[] = [];
    for (const label of block.labels) {
      const note = label.startsWith("^") ? notes.get(label.slice(1)) : undefined;
      if (note) usedNotes.push(note);
      const link = links.get(label);
      if (link) usedLinks.push(link);
    }
    if (usedLinks.length === 0 && usedNotes.length === 0) return unresolved(cut.trees[i]);
    const uses = [
      ...usedLinks.map((d) => `${d.identifier}\u0001${d.url}\u0001${d.title ?? ""}`),
      ...usedNotes.map((d) => `^${d.identifier}`),
    ].join("\u0002");
    if (block.uses !== uses) {
      const parsed = parseWithDefinitions(block.text, usedLinks, usedNotes);
      Object.assign(block, { uses, tree: parsed.tree, notes: parsed.notes, calls: footnoteCalls(parsed.tree, []) });
    }
    for (const note of block.notes!) if (!noteDefinitions.has(note.identifier!)) noteDefinitions.set(note.identifier!, note);
    const calls = block.calls!;
    if (calls.length === 0) return { tree: block.tree, key: uses, links: usedLinks, notes: usedNotes, notesBefore: undefined };
    const notesBefore = { order: order.slice(), counts: new Map(counts) };
    const numbers: string[] = [];
    for (const id of calls) {
      if (!counts.has(id)) order.push(id);
      counts.set(id, (counts.get(id) ?? 0) + 1);
      numbers.push(`${order.indexOf(id) + 1}.${counts.get(id)}`);
    }
    return { tree: block.tree, key: `${uses}\u0003${numbers.join(" ")}`, links: usedLinks, notes: usedNotes, notesBefore };
  });
  const footerNotes = order.map((id) => noteDefinitions.get(id)).filter((d): d is MdNode => d !== undefined);
  const footer =
    order.length === 0
      ? undefined
      : {
          order,
          counts,
          notes: footerNotes,
          links: footerLinks,
          key: [
            order.map((id) => `${id}\u0001${counts.get(id)}`).join("\u0002"),
            ...state.filter((block) => block.notes?.length).map((block) => `${block.text}\u0001${block.uses}`),
          ].join("\u0003"),
        };
  return { blocks, footer, state, cut: cut.id, definers, unchanged: 0, settled: 0 };
}

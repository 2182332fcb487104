import type { SubagentView } from "@tandem/react";

/**
 * Rows go in blocks of this many. When one row updates, React revisits every sibling of that
 * row; in blocks, that is the row's block and the list of blocks, not the whole thread, so a
 * token costs the same at 10 messages or 10,000 (see BENCHMARKS.md).
 */
export const BLOCK = 50;

/** What the transcript draws, in order: blocks of message rows, and subagent groups holding their own. */
export type Entry = { kind: "rows"; key: string; ids: readonly string[] } | { kind: "subagent"; key: string; id: string; entries: Entry[] };

type Item = string | Group;
interface Group {
  id: string;
  items: Item[];
  placed: boolean;
}

/**
 * Lays the thread out: each message with a `subagentRunId` goes into its subagent's group
 * (nested in the group of the subagent that started it), every other message stays at the top.
 * A group stands where its subagent started (`anchors`: how many messages there were then) or
 * at its first message, whichever is earlier; a subagent with neither yet goes last.
 */
export function layoutTranscript(
  ids: readonly string[],
  ownerOf: (id: string) => string | undefined,
  subagents: readonly SubagentView[],
  anchors: ReadonlyMap<string, number>,
): Entry[] {
  const parentOf = new Map<string, string | undefined>();
  for (const s of subagents) parentOf.set(s.id, s.parentSubagentRunId);
  const groups = new Map<string, Group>();
  const top: Item[] = [];

  const place = (id: string, seen = new Set<string>()): Group => {
    let group = groups.get(id);
    if (!group) {
      group = { id, items: [], placed: false };
      groups.set(id, group);
    }
    if (!group.placed) {
      group.placed = true;
      const parent = parentOf.get(id);
      // A parent that is unknown, or a cycle, puts the group at the top.
      const container = parent !== undefined && parentOf.has(parent) && !seen.has(parent) ? place(parent, seen.add(id)).items : top;
      container.push(group);
    }
    return group;
  };

  const byAnchor = subagents.filter((s) => Number.isFinite(anchors.get(s.id))).sort((a, b) => anchors.get(a.id)! - anchors.get(b.id)!);
  let next = 0;
  ids.forEach((id, i) => {
    while (next < byAnchor.length && anchors.get(byAnchor[next]!.id)! <= i) place(byAnchor[next++]!.id);
    const owner = ownerOf(id);
    if (owner === undefined) top.push(id);
    else place(owner).items.push(id);
  });
  for (const s of subagents) place(s.id);

  return toEntries(top);
}

/**
 * A block is keyed by its place: the group it follows and its number after it. Not by its first
 * message: a thread that loses its first message (a snapshot without it) or gains older ones at
 * the top would give every block a new key, and React would mount the whole transcript again.
 * By place, each block keeps its rows and only those that cross a block's edge move.
 */
function toEntries(items: Item[]): Entry[] {
  const entries: Entry[] = [];
  let run: string[] = [];
  let after = "";
  const flush = () => {
    for (let b = 0; b < run.length; b += BLOCK) {
      entries.push({ kind: "rows", key: `rows:${after}:${b / BLOCK}`, ids: run.slice(b, b + BLOCK) });
    }
    run = [];
  };
  for (const item of items) {
    if (typeof item === "string") run.push(item);
    else {
      flush();
      entries.push({ kind: "subagent", key: `subagent:${item.id}`, id: item.id, entries: toEntries(item.items) });
      after = item.id;
    }
  }
  flush();
  return entries;
}

/** Whether two layouts draw the same thing (so a memoized part can skip rendering). */
export function sameEntries(a: readonly Entry[], b: readonly Entry[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return a.every((x, i) => {
    const y = b[i]!;
    if (x.kind === "rows") return y.kind === "rows" && x.key === y.key && sameIds(x.ids, y.ids);
    return y.kind === "subagent" && x.id === y.id && sameEntries(x.entries, y.entries);
  });
}

export const sameIds = (a: readonly string[], b: readonly string[]): boolean =>
  a === b || (a.length === b.length && a.every((id, i) => id === b[i]));

/** Whether the layout holds this message (for the streaming flag). */
export function holds(entries: readonly Entry[], id: string | undefined): boolean {
  if (id === undefined) return false;
  return entries.some((e) => (e.kind === "rows" ? e.ids.includes(id) : holds(e.entries, id)));
}

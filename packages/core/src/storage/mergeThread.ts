import type { Message } from "@ag-ui/core";
import type { BranchPoint } from "../types.js";
import type { ThreadChange } from "./types.js";

/** What a store keeps of a thread's shape: the active path's ids (its messages are records of their own) and the other versions. */
export interface StoredShape {
  order: readonly string[];
  branches?: Record<string, BranchPoint>;
}

/** What to write after a merge: the active path, the versions, and the path's message records to put and to delete. */
export interface MergedThread {
  order: string[];
  branches: Record<string, BranchPoint>;
  put: Message[];
  remove: string[];
}

/** The fork point before a thread's first message. */
const ROOT = "";

/** A thread as a tree: each message follows one other (its parent, for good); `next` is the child each sequence goes on with. */
interface Tree {
  parent: Map<string, string>;
  next: Map<string, string | null>;
  /** The children of each fork point in version order; null is an empty active version (a reply not begun). */
  forks: Map<string, (string | null)[]>;
}

function treeOf(order: readonly string[], branches: Record<string, BranchPoint>): Tree {
  const parent = new Map<string, string>();
  const next = new Map<string, string | null>([[ROOT, order[0] ?? null]]);
  const walk = (start: string, ids: readonly string[]) => {
    ids.forEach((id, i) => {
      parent.set(id, i === 0 ? start : ids[i - 1]!);
      next.set(id, ids[i + 1] ?? null);
    });
  };
  walk(ROOT, order);
  for (const [key, point] of Object.entries(branches)) {
    point.versions.forEach((version, i) => {
      if (i !== point.active)
        walk(
          key,
          version.map((m) => m.id),
        );
    });
  }
  const forks = new Map<string, (string | null)[]>();
  for (const [key, point] of Object.entries(branches)) {
    forks.set(
      key,
      point.versions.map((version, i) => (i === point.active ? (next.get(key) ?? null) : (version[0]?.id ?? null))),
    );
  }
  return { parent, next, forks };
}

/**
 * Merges a save into what is stored, as a tree: every message keeps the message it follows, so
 * turns written by tabs that have not seen each other's changes end up as versions of the turn
 * they follow, never one after the other. The active path is the saving tab's (where it has no
 * say, the stored one's); nothing either side wrote is lost, but for what the save removes
 * (a failed reply Retry drops) and what followed it. `read` gives the content of a message
 * stored only as a record of the old path, for the versions it moves into.
 */
export async function mergeThread(
  stored: StoredShape | null,
  change: ThreadChange,
  read: (id: string) => Promise<Message | undefined>,
): Promise<MergedThread> {
  const grown = grownPath(stored, change);
  if (grown) return grown;
  const s = treeOf(stored?.order ?? [], stored?.branches ?? {});
  const c = treeOf(change.order, change.branches ?? {});
  const content = new Map<string, Message>();
  for (const point of Object.values(stored?.branches ?? {})) for (const v of point.versions) for (const m of v) content.set(m.id, m);
  for (const point of Object.values(change.branches ?? {})) for (const v of point.versions) for (const m of v) content.set(m.id, m);
  for (const m of change.put) content.set(m.id, m);

  const parent = new Map([...s.parent, ...c.parent]);
  const children = new Map<string, string[]>();
  for (const [id, p] of parent) {
    const siblings = children.get(p);
    if (siblings) siblings.push(id);
    else children.set(p, [id]);
  }
  // What the save removes from its path and keeps in no version is gone, with all that follows it.
  const gone = new Set<string>();
  const drop = (id: string) => {
    if (gone.has(id)) return;
    gone.add(id);
    for (const child of children.get(id) ?? []) drop(child);
  };
  const moved = idsIn(change.branches ?? {});
  for (const id of change.remove) if (!moved.has(id)) drop(id);
  const alive = (id: string | null | undefined): id is string => typeof id === "string" && parent.has(id) && !gone.has(id);

  // Where each sequence goes on: the saving tab's way, then the stored one's, then any child.
  const nextOf = new Map<string, string | null>();
  const next = (p: string): string | null => {
    let chosen = nextOf.get(p);
    if (chosen !== undefined) return chosen;
    const own = c.next.get(p);
    chosen = c.forks.has(p) ? (alive(own) ? own : null) : ([own, s.next.get(p), ...(children.get(p) ?? [])].find(alive) ?? null);
    nextOf.set(p, chosen);
    return chosen;
  };
  const sequence = (from: string | null): string[] => {
    const ids = new Set<string>();
    for (let id = from; id !== null && !ids.has(id); id = next(id)) ids.add(id);
    return [...ids];
  };
  // The versions at a fork point, in the order the saving tab knew them, then the stored order,
  // then new ones; an empty version only as the active one (a reply not begun).
  const versionsAt = (p: string): (string | null)[] => {
    const active = next(p);
    const candidates = [...(c.forks.get(p) ?? []), ...(s.forks.get(p) ?? []), s.next.get(p), c.next.get(p), ...(children.get(p) ?? [])];
    const versions: (string | null)[] = [];
    for (const id of candidates) {
      const at = id ?? null;
      if (versions.includes(at)) continue;
      if (at === null ? active !== null || !c.forks.get(p)?.includes(null) : !alive(at) || parent.get(at) !== p) continue;
      versions.push(at);
    }
    return versions;
  };

  const order = sequence(next(ROOT));
  const shape: Record<string, { ids: string[][]; active: number }> = {};
  for (const p of [ROOT, ...parent.keys()]) {
    if (p !== ROOT && !alive(p)) continue;
    const versions = versionsAt(p);
    if (versions.length < 2) continue;
    const active = versions.indexOf(next(p));
    shape[p] = { ids: versions.map((id, i) => (i === active ? [] : sequence(id))), active };
  }

  const storedPath = new Set(stored?.order ?? []);
  const changed = new Set(change.put.map((m) => m.id));
  const putIds = order.filter((id) => changed.has(id) || !storedPath.has(id));
  const needed = [...putIds, ...Object.values(shape).flatMap((v) => v.ids.flat())].filter((id) => !content.has(id));
  await Promise.all(
    needed.map(async (id) => {
      const m = await read(id);
      if (m) content.set(id, m);
    }),
  );
  const messagesOf = (ids: string[]) => ids.flatMap((id) => content.get(id) ?? []);
  const onPath = new Set(order);
  return {
    order,
    branches: Object.fromEntries(Object.entries(shape).map(([p, v]) => [p, { versions: v.ids.map(messagesOf), active: v.active }])),
    put: messagesOf(putIds),
    remove: [...storedPath].filter((id) => !onPath.has(id)),
  };
}

/**
 * The common save, merged without building trees: the path only grew (a reply streaming, a new
 * turn) from what is stored, with the versions unchanged and nothing removed. Null otherwise.
 */
function grownPath(stored: StoredShape | null, change: ThreadChange): MergedThread | null {
  if (change.branches || change.remove.length > 0) return null;
  const before = stored?.order ?? [];
  const after = change.order;
  if (before.length > after.length) return null;
  for (let i = 0; i < before.length; i++) if (before[i] !== after[i]) return null;
  const branches = stored?.branches ?? {};
  // A version begun at the old end of the path (a reply being regenerated) makes this a merge.
  if (after.length > before.length && Object.hasOwn(branches, before.at(-1) ?? ROOT)) return null;
  const put = new Map(change.put.map((m) => [m.id, m]));
  for (let i = before.length; i < after.length; i++) if (!put.has(after[i]!)) return null;
  const onPath = new Set(after);
  return { order: [...after], branches, put: change.put.filter((m) => onPath.has(m.id)), remove: [] };
}

function idsIn(branches: Record<string, BranchPoint>): Set<string> {
  return new Set(Object.values(branches).flatMap((p) => p.versions.flatMap((v) => v.map((m) => m.id))));
}

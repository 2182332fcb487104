import type { Message } from "@ag-ui/core";
import type { BranchPoint, ThreadState } from "../types.js";

type Path = Pick<ThreadState, "messages" | "branches">;

/** The fork point of the thread's first message. */
const START = "";

/** Which versions the message at `index` of the active path is one of: the id of the message before it. */
function forkKey(messages: readonly Message[], index: number): string {
  return index === 0 ? START : messages[index - 1]!.id;
}

/**
 * Starts a new version at `index` of the active path: what followed is kept as a version of
 * its own, and the path ends before `index`, ready for the new version to be written.
 */
export function fork(path: Path, index: number): Path {
  const { messages, branches } = path;
  const tail = messages.slice(index);
  // Nothing to keep (the reply failed before a word): the empty version is reused.
  if (tail.length === 0) return path;
  const key = forkKey(messages, index);
  const point = branches[key];
  const versions = point ? point.versions.with(point.active, tail) : [tail];
  return {
    messages: messages.slice(0, index),
    branches: { ...branches, [key]: { versions: [...versions, []], active: versions.length } },
  };
}

/**
 * Shows version `to` of the turn that `messageId` begins, keeping the one it leaves as it is
 * now. Null when there is no such version.
 */
export function switchVersion(path: Path, messageId: string, to: number): Path | null {
  const { messages, branches } = path;
  const index = messages.findIndex((m) => m.id === messageId);
  if (index < 0) return null;
  const key = forkKey(messages, index);
  const point = branches[key];
  if (!point || to === point.active || to < 0 || to >= point.versions.length) return null;
  const versions = point.versions.with(point.active, messages.slice(index)).with(to, []);
  return {
    messages: [...messages.slice(0, index), ...point.versions[to]!],
    branches: { ...branches, [key]: { versions, active: to } },
  };
}

/**
 * Takes back a fork whose new version is still empty (a reply stopped or failed before its
 * first word): the version that was shown before, by `before` (the branches then), is shown
 * again. Null when the version at `index` is not empty.
 */
export function unfork(path: Path, index: number, before: Record<string, BranchPoint>): Path | null {
  const { messages, branches } = path;
  if (index > messages.length) return null;
  const key = forkKey(messages, index);
  const point = branches[key];
  if (!point || messages.length !== index || point.versions[point.active]!.length > 0) return null;
  const left = before[key]?.active ?? 0;
  const versions = point.versions.filter((_, i) => i !== point.active);
  const rest = { ...branches };
  if (versions.length > 1) rest[key] = { versions: versions.with(left, []), active: left };
  else delete rest[key];
  return { messages: [...messages, ...versions[left]!], branches: rest };
}

/** Where a message stands among the versions of its turn. */
export interface VersionInfo {
  /** The fork point: the id of the message the versions follow (`""` before the first). */
  key: string;
  /** 0-based. */
  index: number;
  count: number;
}

const heads = new WeakMap<readonly string[], { branches: Record<string, BranchPoint>; byHead: Map<string, string> }>();

/**
 * The versions of the turn that `messageId` begins, or null when it has no other versions.
 * `ids` are the active path's message ids; pass the same array while they stay the same (the
 * message index's `ids`) and the path is scanned once for every row, not once per row.
 */
export function versionsOf(ids: readonly string[], branches: Record<string, BranchPoint>, messageId: string): VersionInfo | null {
  if (isEmpty(branches)) return null;
  let memo = heads.get(ids);
  if (!memo || memo.branches !== branches) {
    const byHead = new Map<string, string>();
    if (Object.hasOwn(branches, START) && ids[0] !== undefined) byHead.set(ids[0], START);
    for (let i = 0; i < ids.length - 1; i++) if (Object.hasOwn(branches, ids[i]!)) byHead.set(ids[i + 1]!, ids[i]!);
    memo = { branches, byHead };
    heads.set(ids, memo);
  }
  const key = memo.byHead.get(messageId);
  const point = key === undefined ? undefined : branches[key];
  return point && key !== undefined ? { key, index: point.active, count: point.versions.length } : null;
}

function isEmpty(record: object): boolean {
  for (const _ in record) return false;
  return true;
}

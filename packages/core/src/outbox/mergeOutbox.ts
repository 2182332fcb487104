import type { Message } from "@ag-ui/core";
import type { BranchPoint, OutboxItem } from "../types.js";

/** How many ids of messages removed unsent a thread keeps (the latest ones). */
export const MAX_OUTBOX_REMOVED = 100;

/** The outbox fields of a thread (stored, saved or shown). */
export interface OutboxFields {
  outbox?: OutboxItem[];
  /** Ids of messages removed unsent: tombstones, so a copy that still holds them does not bring them back. */
  outboxRemoved?: string[];
}

const isItem = (v: unknown): v is OutboxItem => typeof v === "object" && v !== null && typeof (v as { id?: unknown }).id === "string";
const idsOf = (v: unknown): string[] => (Array.isArray(v) ? v.filter((id): id is string => typeof id === "string") : []);
const itemsOf = (v: unknown): OutboxItem[] => (Array.isArray(v) ? v.filter(isItem) : []);

/**
 * Two copies of a thread's outbox merged per message (the storages call it for each save, a
 * tab for another tab's newer copy): every item either holds stays, unless its id is among the
 * removed (in either copy) or `sent` (it is a message of the thread now). Where both hold an
 * item, the `newer` copy's wins (its state); the newer copy's order is kept, and an item only the
 * older holds goes right after the item it followed there (first if none), so the order an
 * item was queued in holds. The removed ids are the union, the latest `MAX_OUTBOX_REMOVED` kept.
 * Sent messages leave no tombstone: a connection refused before any answer gives them back.
 */
export function mergeOutbox(
  older: OutboxFields | null | undefined,
  newer: OutboxFields,
  sent: (id: string) => boolean,
): { outbox: OutboxItem[]; outboxRemoved: string[] } {
  const removedIds = [...new Set([...idsOf(older?.outboxRemoved), ...idsOf(newer.outboxRemoved)])].slice(-MAX_OUTBOX_REMOVED);
  const gone = new Set(removedIds);
  const keep = (item: OutboxItem) => !gone.has(item.id) && !sent(item.id);
  const placed = new Set<string>();
  const outbox = itemsOf(newer.outbox).filter((item) => keep(item) && !placed.has(item.id) && placed.add(item.id));
  let after: string | null = null;
  for (const item of itemsOf(older?.outbox)) {
    if (!placed.has(item.id) && keep(item)) {
      const at = after === null ? 0 : outbox.findIndex((i) => i.id === after) + 1;
      outbox.splice(at, 0, item);
      placed.add(item.id);
    }
    if (placed.has(item.id)) after = item.id;
  }
  return { outbox, outboxRemoved: removedIds };
}

/** The outbox fields to write over a saved thread's: each undefined when empty. */
export function withOutbox(merged: { outbox: OutboxItem[]; outboxRemoved: string[] }): OutboxFields {
  return {
    outbox: merged.outbox.length > 0 ? merged.outbox : undefined,
    outboxRemoved: merged.outboxRemoved.length > 0 ? merged.outboxRemoved : undefined,
  };
}

/**
 * Which of the outbox items of two copies (`older`, `newer`) a merged save leaves as messages of
 * the thread: on its path with a record (put now, or stored before and not removed; `hasRecord`
 * tells), or in a version. An id on the path without a record (a stale copy's, of a message a
 * refused connection took back) is not sent.
 */
export async function sentIds(
  older: OutboxFields | null | undefined,
  newer: OutboxFields,
  merged: { order: readonly string[]; put: readonly Message[]; remove: readonly string[]; branches: Record<string, BranchPoint> },
  hasRecord: (id: string) => boolean | Promise<boolean>,
): Promise<Set<string>> {
  const sent = new Set<string>();
  const candidates = new Set([...itemsOf(older?.outbox), ...itemsOf(newer.outbox)].map((i) => i.id));
  if (candidates.size === 0) return sent;
  const onPath = new Set(merged.order);
  const put = new Set(merged.put.map((m) => m.id));
  const removed = new Set(merged.remove);
  const inVersions = new Set<string>();
  for (const point of Object.values(merged.branches)) for (const version of point.versions) for (const m of version) inVersions.add(m.id);
  for (const id of candidates) {
    if (inVersions.has(id) || (onPath.has(id) && (put.has(id) || (!removed.has(id) && (await hasRecord(id)))))) sent.add(id);
  }
  return sent;
}

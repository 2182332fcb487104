import type { Interrupt, ResumeEntry } from "@ag-ui/core";

/** One answer given to an open interrupt, kept until the resume that carries all the answers goes out. */
export interface AnsweredInterrupt {
  /** The interrupt it answers (no longer among the thread's open `interrupts`). */
  interrupt: Interrupt;
  entry: ResumeEntry;
}

/**
 * What the user decided about the open interrupts before the one resume that covers them all
 * was sent: the answers given so far, and the arguments edited in an approval's "Edit
 * arguments" form, not yet approved. Stored with the thread, so a reload keeps them; cleared
 * once the resume is sent (or the interrupts are abandoned).
 */
export interface InterruptDecisions {
  /** Answers given, in the order they were given. */
  answered: AnsweredInterrupt[];
  /** Edited arguments not yet sent, by interrupt id (the full arguments the call would run with). */
  drafts: Record<string, Record<string, unknown>>;
}

/** No decisions (shared, never mutated). */
export const NO_DECISIONS: InterruptDecisions = Object.freeze({ answered: [], drafts: Object.freeze({}) }) as InterruptDecisions;

/** Whether there is nothing to keep. */
export function noDecisions(d: InterruptDecisions | undefined): boolean {
  return !d || (d.answered.length === 0 && Object.keys(d.drafts).length === 0);
}

/** The drafts without the one of this interrupt (the same object when it has none). */
export function withoutDraft(drafts: InterruptDecisions["drafts"], interruptId: string): InterruptDecisions["drafts"] {
  if (!Object.hasOwn(drafts, interruptId)) return drafts;
  const { [interruptId]: _, ...rest } = drafts;
  return rest;
}

/** At most this many decisions of each kind are read back from storage. */
const MAX_DECISIONS = 200;
/** Stored edited arguments or answers larger than this (as JSON) are not read back. */
const MAX_JSON_CHARS = 1_000_000;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" &&
  v !== null &&
  !Array.isArray(v) &&
  (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/** Plain JSON (no cycles, no prototypes other than Object's, not too big), or undefined. */
function jsonOf(value: unknown): unknown {
  try {
    const text = JSON.stringify(value);
    if (text === undefined || text.length > MAX_JSON_CHARS) return undefined;
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isId = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= 500 && v !== "__proto__";

function checkAnswered(value: unknown): AnsweredInterrupt | null {
  if (!isPlainObject(value)) return null;
  const { interrupt, entry } = value;
  if (!isPlainObject(interrupt) || !isPlainObject(entry)) return null;
  if (!isId(interrupt.id) || typeof interrupt.reason !== "string" || entry.interruptId !== interrupt.id) return null;
  if (entry.status !== "resolved" && entry.status !== "cancelled") return null;
  const clean = jsonOf({ interrupt, entry }) as { interrupt: Interrupt; entry: ResumeEntry } | undefined;
  return clean ?? null;
}

/**
 * What stored decisions can be trusted of: well-formed answers (each to an interrupt not open
 * any more, once each) and edited arguments (plain objects, for interrupts still open). Anything
 * else, from a corrupt record or another app, is dropped, never thrown or run.
 */
export function checkDecisions(value: unknown, open: readonly Interrupt[]): InterruptDecisions {
  if (!isPlainObject(value)) return NO_DECISIONS;
  const openIds = new Set(open.map((i) => i?.id));
  const seen = new Set<string>();
  const answered: AnsweredInterrupt[] = [];
  for (const item of Array.isArray(value.answered) ? value.answered.slice(0, MAX_DECISIONS) : []) {
    const a = checkAnswered(item);
    if (!a || seen.has(a.interrupt.id) || openIds.has(a.interrupt.id)) continue;
    seen.add(a.interrupt.id);
    answered.push(a);
  }
  const drafts: Record<string, Record<string, unknown>> = {};
  if (isPlainObject(value.drafts)) {
    for (const [id, args] of Object.entries(value.drafts).slice(0, MAX_DECISIONS)) {
      if (!isId(id) || !openIds.has(id) || !isPlainObject(args)) continue;
      const clean = jsonOf(args);
      if (isPlainObject(clean)) drafts[id] = clean;
    }
  }
  return answered.length === 0 && Object.keys(drafts).length === 0 ? NO_DECISIONS : { answered, drafts };
}

/**
 * Two tabs' decisions about one thread's interrupts, merged (the storages call it for each save):
 * while both speak of the same interrupts, every answer either gave is kept (the save's when
 * both answered one), and edited arguments only for interrupts no one has answered; an
 * interrupt answered in either is not open in the result. When the save's interrupts are others
 * (a run went on, the answers were sent), the save wins.
 */
export function mergeDecisions(
  stored: { interrupts?: Interrupt[]; decisions?: InterruptDecisions } | null | undefined,
  saved: { interrupts: Interrupt[]; decisions?: InterruptDecisions },
): { interrupts: Interrupt[]; decisions: InterruptDecisions | undefined } {
  const own = saved.decisions ?? NO_DECISIONS;
  const theirs = stored?.decisions ?? NO_DECISIONS;
  const idsOf = (interrupts: readonly Interrupt[] | undefined, d: InterruptDecisions) =>
    [...(interrupts ?? []).map((i) => i.id), ...d.answered.map((a) => a.interrupt.id)].sort().join("\n");
  const same = stored != null && idsOf(stored.interrupts, theirs) === idsOf(saved.interrupts, own) && idsOf(saved.interrupts, own) !== "";
  if (!same || noDecisions(theirs)) return { interrupts: saved.interrupts, decisions: noDecisions(own) ? undefined : own };
  const answered = [...own.answered];
  for (const a of theirs.answered) if (!answered.some((b) => b.interrupt.id === a.interrupt.id)) answered.push(a);
  const done = new Set(answered.map((a) => a.interrupt.id));
  const drafts = Object.fromEntries(Object.entries({ ...theirs.drafts, ...own.drafts }).filter(([id]) => !done.has(id)));
  const interrupts = saved.interrupts.filter((i) => !done.has(i.id));
  const decisions = { answered, drafts };
  return { interrupts, decisions: noDecisions(decisions) ? undefined : decisions };
}

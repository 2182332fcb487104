import type { Message } from "@ag-ui/core";
import { mergeFeedback, withFeedback } from "../feedback/mergeFeedback.js";
import { mergeDecisions } from "../interrupts/decisions.js";
import { mergeOutbox, sentIds, withOutbox } from "../outbox/mergeOutbox.js";
import { mergeRun } from "./mergeRun.js";
import { mergeThread } from "./mergeThread.js";
import type { StoredThread, ThreadChange } from "./types.js";

/**
 * A thread as a store keeps it: its fields, and the ids of its active path in order. Its
 * messages are records of their own, so a save writes only the messages that changed.
 */
export type ThreadRecord = Omit<StoredThread, "messages"> & { order: string[] };

/** What one save writes: the thread's new record, and the message records to put and to delete. */
export interface MergedSave {
  record: ThreadRecord;
  put: Message[];
  remove: string[];
}

/**
 * One save merged into what is stored: every rule a thread store keeps when several tabs (or
 * devices) write one thread, in one call. The message tree (`mergeThread`), the run's mark
 * (`mergeRun`), the outbox (`mergeOutbox`), ratings (`mergeFeedback`) and answers to interrupts
 * (`mergeDecisions`). `read` gives a stored message record (undefined where there is none). Pure
 * but for `read`: call it inside the transaction that writes what it returns, and the store is
 * right however saves interleave. `memoryStorage`, `indexedDbStorage` and `@tandem/server`'s
 * stores all save through it.
 */
export async function mergeSave(
  stored: ThreadRecord | null | undefined,
  change: ThreadChange,
  read: (id: string) => Promise<Message | undefined>,
): Promise<MergedSave> {
  const { thread } = change;
  const merged = await mergeThread(stored ?? null, change, read);
  const sent = await sentIds(stored, thread, merged, async (id) => (await read(id)) !== undefined);
  const record: ThreadRecord = {
    ...mergeRun(stored, change),
    createdAt: stored?.createdAt ?? thread.createdAt,
    order: merged.order,
    branches: merged.branches,
    ...withFeedback(mergeFeedback(stored?.feedback, thread.feedback)),
    ...mergeDecisions(stored, thread),
    ...withOutbox(mergeOutbox(stored, thread, (id) => sent.has(id))),
  };
  return { record, put: merged.put, remove: merged.remove };
}

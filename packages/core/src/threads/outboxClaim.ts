import type { OutboxClaim } from "../outbox/outbox.js";
import type { ThreadStorage } from "../storage/types.js";

/** Where there are no Web Locks (an older browser, a server): a lock shared by the runtimes of this page only. */
const pageLocks = new Map<string, Promise<unknown>>();
function withPageLock(name: string, work: () => Promise<void>): Promise<void> {
  const turn = (pageLocks.get(name) ?? Promise.resolve()).then(work, work);
  pageLocks.set(name, turn);
  void turn.finally(() => {
    if (pageLocks.get(name) === turn) pageLocks.delete(name);
  });
  return turn;
}

/**
 * One tab sends each outbox item, however many show the thread. Under a Web Lock named after
 * the thread (where the browser has them), the tab reads the stored thread: an item already
 * stored as a message was sent by another tab, or removed there (a tombstone), and is dropped here; while another tab's run goes
 * on (the stored thread is mid-run), nothing is sent unless the user asked (`force`). Otherwise
 * the item is sent and the thread saved before the lock is let go, so the next tab sees it sent.
 */
export function claimAcrossTabs(storage: ThreadStorage, threadId: string, save: () => Promise<void>): OutboxClaim {
  const name = `tandem-outbox:${storage.name ?? "default"}:${threadId}`;
  return ({ id, trigger }, send, sentElsewhere) => {
    const decide = async () => {
      // This tab's own last writes first (the end of its run): what is stored is then the others' doing.
      await save();
      const stored = await storage.load(threadId).catch(() => null);
      // Sent by another tab, or removed there: not sent here.
      if (stored?.messages.some((m) => m.id === id) || stored?.outboxRemoved?.includes(id)) return sentElsewhere();
      if (stored?.runningSince && trigger !== "force") return;
      send();
      await save();
    };
    const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
    return locks ? locks.request(name, decide) : withPageLock(name, decide);
  };
}

import type { Message } from "@ag-ui/core";
import { noDecisions } from "../interrupts/decisions.js";
import type { AgentClient } from "../run/agentClient.js";
import type { ThreadState } from "../types.js";
import { titleOf } from "./title.js";
import type { StorageStatus, StoredThread, ThreadChange, ThreadStorage } from "./types.js";

/** Options for `persistThread`. */
export interface PersistOptions {
  /** How long saves wait while a reply streams (default 500 ms). A run's end saves at once. */
  debounceMs?: number;
  /** Told when saving starts, succeeds or fails. */
  onStatus?: (status: StorageStatus) => void;
  /** The thread as it was loaded, so what is already stored is not written again. */
  loaded?: StoredThread | null;
  /**
   * This tab says where the thread's run is from its first save: it restored a copy saved
   * mid-run as the run's owner (a reload reads it on or marks the reply cut, and clears the
   * mark). Default: whether `loaded` was saved mid-run. Otherwise its saves leave the stored
   * run's mark alone (`ThreadChange.keepRun`) until it runs the thread itself: a tab that only
   * queues a message or follows another tab's run never says that run is over.
   */
  reportsRun?: boolean;
  /** This device's id (`deviceId`), saved in the run's resume point: other devices then follow the run rather than run it. */
  device?: string;
}

/** What `persistThread` returns: a handle to save, rename or stop keeping the thread. */
export interface Persistence {
  /** Saves what changed now. Never rejects: a failure is reported through `onStatus`. */
  flush(): Promise<void>;
  /** Gives the thread a title of its own (later saves keep it) and saves it now. */
  rename(title: string): Promise<void>;
  /** Saves what is left and stops following the thread. */
  stop(): Promise<void>;
  /** Stops following the thread without saving it again (the thread is being removed). */
  discard(): void;
  /** Something the thread shows is not saved yet (or a save is on its way). */
  hasUnsaved(): boolean;
}

/**
 * Keeps a client's thread in `storage`: incremental saves (only messages whose identity
 * changed), debounced while a reply streams and written at once when a run ends or the page
 * hides. A storage failure leaves the chat working in memory and is reported, never thrown.
 */
export function persistThread(client: AgentClient, storage: ThreadStorage, options: PersistOptions = {}): Persistence {
  const { debounceMs = 500, onStatus = () => {}, loaded, device } = options;
  /** This tab's saves say where the run is: it runs the thread, or ran it (or restored it mid-run) since its last save. */
  let reportsRun = client.state.status === "running" || (options.reportsRun ?? loaded?.runningSince !== undefined);
  /** Messages as last written, by id (identity tells what changed since). */
  const written = new Map<string, Message>((loaded?.messages ?? []).map((m) => [m.id, m]));
  const createdAt = loaded?.createdAt ?? Date.now();
  let title = loaded?.title ?? "";
  let lastSaved: ThreadState | null = loaded ? client.state : null;
  let writtenBranches = loaded?.branches ?? client.state.branches;
  let runningSince: string[] | undefined;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let chain: Promise<void> = Promise.resolve();
  let stopped = false;
  let discarded = false;

  let renamed = false;
  const changeOf = (s: ThreadState): ThreadChange | null => {
    // A thread nobody wrote in is not kept (a new thread left at once, a page opened and closed).
    if (s.messages.length === 0 && s.outbox.length === 0 && !loaded && !renamed && lastSaved === null) return null;
    const put = s.messages.filter((m) => written.get(m.id) !== m);
    const ids = new Set(s.messages.map((m) => m.id));
    const remove = [...written.keys()].filter((id) => !ids.has(id));
    const same =
      lastSaved !== null &&
      !renamed &&
      put.length === 0 &&
      remove.length === 0 &&
      s.state === lastSaved.state &&
      s.interrupts === lastSaved.interrupts &&
      s.toolCallStatus === lastSaved.toolCallStatus &&
      s.branches === lastSaved.branches &&
      s.outbox === lastSaved.outbox &&
      s.feedback === lastSaved.feedback &&
      s.decisions === lastSaved.decisions &&
      (s.status === "running") === (lastSaved.status === "running");
    if (same) return null;
    title ||= titleOf(s.messages);
    return {
      thread: {
        id: s.threadId,
        title,
        createdAt,
        updatedAt: Date.now(),
        state: s.state,
        interrupts: s.interrupts,
        toolCallStatus: s.toolCallStatus,
        ...(Object.keys(s.feedback).length > 0 && { feedback: s.feedback }),
        ...(s.status === "running" && runningSince && { runningSince }),
        ...(s.outbox.length > 0 && { outbox: s.outbox }),
        ...(client.outbox.removed.length > 0 && { outboxRemoved: [...client.outbox.removed] }),
        ...(!noDecisions(s.decisions) && { decisions: s.decisions }),
        ...(s.status === "running" &&
          runningSince &&
          client.resumePoint && { resumePoint: { ...client.resumePoint, ...(device && { device }) } }),
      },
      order: s.messages.map((m) => m.id),
      put,
      remove,
      ...(!reportsRun && { keepRun: true }),
      // Versions hold whole messages (attachments too): written when they change, not every save.
      ...(s.branches !== writtenBranches && { branches: s.branches }),
    };
  };

  let writing = 0;
  const write = (): Promise<void> => {
    writing++;
    chain = chain.then(async () => {
      if (discarded) return;
      const s = client.state;
      const change = changeOf(s);
      if (!change) return;
      onStatus({ kind: "saving" });
      try {
        await storage.save(change);
        renamed = false;
        for (const m of change.put) written.set(m.id, m);
        for (const id of change.remove) written.delete(id);
        if (change.branches) writtenBranches = change.branches;
        lastSaved = s;
        // The run's end is written: until this tab runs again, the run is another tab's to report.
        if (s.status !== "running") reportsRun = false;
        onStatus({ kind: "saved" });
      } catch (error) {
        onStatus({ kind: "failed", message: describeStorageError(error) });
      }
    });
    chain = chain.finally(() => {
      writing--;
    });
    return chain;
  };

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    return write();
  };

  const unsubscribe = client.store.subscribe((s, previous) => {
    if (s.status === "running" && previous.status !== "running") {
      // The messages from before the run: a reload in the middle of it keeps these and marks the rest.
      runningSince = s.messages.map((m) => m.id);
      reportsRun = true;
    }
    if (s.status !== "running") {
      runningSince = undefined;
      void flush();
    } else if (!timer) {
      timer = setTimeout(() => void flush(), debounceMs);
    }
  });

  // A message left in the outbox while the thread was read may see no other change for long: saved now.
  if (client.state.outbox.length > 0 && changeOf(client.state)) void flush();

  const onHide = () => {
    if (typeof document === "undefined" || document.visibilityState === "hidden") void flush();
  };
  if (typeof window !== "undefined") {
    window.addEventListener("pagehide", onHide);
    document.addEventListener("visibilitychange", onHide);
  }

  const detach = () => {
    stopped = true;
    unsubscribe();
    if (typeof window !== "undefined") {
      window.removeEventListener("pagehide", onHide);
      document.removeEventListener("visibilitychange", onHide);
    }
  };

  return {
    flush,
    rename(next) {
      title = next.trim() || title;
      renamed = true;
      return flush();
    },
    async stop() {
      if (stopped) return;
      detach();
      await flush();
    },
    hasUnsaved: () => writing > 0 || timer !== null || changeOf(client.state) !== null,
    discard() {
      discarded = true;
      detach();
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/** Says why a save failed, in words a person can act on. */
export function describeStorageError(error: unknown): string {
  const name = (error as { name?: string })?.name;
  const detail = error instanceof Error ? error.message : String(error);
  if (name === "QuotaExceededError") return `This browser's storage is full, so the chat is not being saved (${detail}).`;
  if (name === "InvalidStateError" || name === "SecurityError" || name === "UnknownError")
    return `This browser does not let Tandem save chats here (private browsing?), so the chat is kept in memory only (${detail}).`;
  return `The chat could not be saved and is kept in memory only (${detail}).`;
}

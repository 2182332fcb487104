/**
 * A thread store over HTTP, for apps (and tests) that keep threads on their server: the backend
 * of the README's REST storage adapter. In memory, per mock agent.
 *
 *   GET    /threads        → [{ id, title, createdAt, updatedAt }], most recent first
 *   GET    /threads/:id    → the thread with its messages in order, or 404
 *   POST   /threads/:id    ← one save: { thread, order, put: Message[], remove: string[], branches? }
 *   DELETE /threads/:id
 *
 * A save merges the message order with what is stored, so two writers lose nothing (a real
 * server would merge as a tree with `mergeThread` from `@tandem/core`, as Tandem's own stores
 * do; this mock depends on no other package). A deleted thread leaves a tombstone: later saves
 * of its id are ignored.
 */
type Message = { id: string; [key: string]: unknown };
interface Stored {
  thread: { id: string; title: string; createdAt: number; updatedAt: number; [key: string]: unknown };
  order: string[];
  messages: Map<string, Message>;
  /** The other versions of the thread's turns, as last sent (a save sends them only when they change). */
  branches?: unknown;
}
interface Change {
  thread: Stored["thread"];
  order: string[];
  put: Message[];
  remove: string[];
  branches?: unknown;
  /** The saving tab has no run of its own: the stored `runningSince` and `resumePoint` stay. */
  keepRun?: boolean;
}

export const THREADS = /^\/threads(?:\/(?<id>[^/]+))?\/?$/;

export class ThreadsApi {
  private readonly threads = new Map<string, Stored>();
  private readonly removed = new Set<string>();

  answer(method: string, id: string | undefined, body: unknown): { status: number; body?: unknown } {
    if (id === undefined) {
      if (method !== "GET") return { status: 405, body: { error: `${method} /threads is not supported` } };
      const list = [...this.threads.values()].map(({ thread: { id, title, createdAt, updatedAt } }) => ({
        id,
        title,
        createdAt,
        updatedAt,
      }));
      return { status: 200, body: list.sort((a, b) => b.updatedAt - a.updatedAt) };
    }
    const stored = this.threads.get(id);
    switch (method) {
      case "GET": {
        if (!stored) return { status: 404, body: { error: `No thread "${id}"` } };
        const messages = stored.order.flatMap((m) => stored.messages.get(m) ?? []);
        return { status: 200, body: { ...stored.thread, messages, ...(stored.branches !== undefined && { branches: stored.branches }) } };
      }
      case "DELETE":
        this.threads.delete(id);
        this.removed.add(id);
        return { status: 204 };
      case "POST": {
        const change = body as Change;
        if (
          !change ||
          typeof change !== "object" ||
          !Array.isArray(change.order) ||
          !Array.isArray(change.put) ||
          !Array.isArray(change.remove)
        )
          return { status: 400, body: { error: "A save is { thread, order, put, remove }" } };
        if (this.removed.has(id)) return { status: 204 };
        const messages = stored?.messages ?? new Map<string, Message>();
        for (const m of change.put) messages.set(m.id, m);
        for (const m of change.remove) messages.delete(m);
        const order = merge(change.order, stored?.order ?? []).filter((m) => !change.remove.includes(m));
        // A save from a tab with no run of its own leaves the stored run's mark (core's `mergeRun`).
        const { runningSince, resumePoint, ...fields } = change.thread;
        const run = change.keepRun
          ? { runningSince: stored?.thread.runningSince, resumePoint: stored?.thread.resumePoint }
          : { runningSince, resumePoint };
        this.threads.set(id, {
          thread: {
            ...fields,
            ...(run.runningSince !== undefined && { runningSince: run.runningSince }),
            ...(run.resumePoint !== undefined && { resumePoint: run.resumePoint }),
            id,
            createdAt: stored?.thread.createdAt ?? change.thread.createdAt,
          },
          order,
          messages,
          branches: change.branches ?? stored?.branches,
        });
        return { status: 204 };
      }
      default:
        return { status: 405, body: { error: `${method} /threads/:id is not supported` } };
    }
  }
}

/** Ours, with ids only theirs has put back after the id they followed. */
function merge(ours: string[], theirs: string[]): string[] {
  const merged = [...ours];
  const known = new Set(ours);
  let previous: string | undefined;
  for (const id of theirs) {
    if (!known.has(id)) {
      merged.splice(previous === undefined ? 0 : merged.indexOf(previous) + 1, 0, id);
      known.add(id);
    }
    previous = id;
  }
  return merged;
}

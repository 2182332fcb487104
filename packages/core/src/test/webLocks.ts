import type { RunLocks } from "../threads/runOwner.js";

interface Request {
  tab: number;
  mode: "exclusive" | "shared";
  grant: () => void;
}

/**
 * One origin's Web Locks, as the tabs of a browser share them: exclusive and shared modes,
 * granted in request order (a request waits behind an earlier one it conflicts with),
 * `ifAvailable` answered with null when not grantable at once, `query()` listing what is held.
 * `close()` on a tab lets go of what it held and drops what it waited for, as the browser does
 * when a tab goes away.
 */
export function lockManager() {
  const held = new Map<string, { tab: number; mode: "exclusive" | "shared" }[]>();
  const queues = new Map<string, Request[]>();
  let tabs = 0;
  const holdersOf = (name: string) => held.get(name) ?? [];
  const grantable = (name: string, mode: "exclusive" | "shared") =>
    mode === "exclusive" ? holdersOf(name).length === 0 : holdersOf(name).every((h) => h.mode === "shared");
  /** Grants what waits at the head of the queue, as far as it can. */
  const next = (name: string) => {
    const queue = queues.get(name) ?? [];
    while (queue.length > 0 && grantable(name, queue[0]!.mode)) queue.shift()!.grant();
  };
  const release = (name: string, entry: { tab: number }) => {
    const list = holdersOf(name);
    const at = list.indexOf(entry as (typeof list)[number]);
    if (at < 0) return;
    list.splice(at, 1);
    next(name);
  };
  return {
    /** The tab holding `name` (the first, for a shared lock), or undefined. */
    holder: (name: string) => holdersOf(name)[0]?.tab,
    tab() {
      const tab = ++tabs;
      const locks: Required<RunLocks> = {
        request(name, options, callback) {
          const mode = options.mode ?? "exclusive";
          return new Promise((resolve, reject) => {
            const grant = () => {
              const entry = { tab, mode };
              held.set(name, [...holdersOf(name), entry]);
              // As the browser does: the lock is let go, then the request's promise settles.
              Promise.resolve()
                .then(() => callback({ name, mode }))
                .finally(() => release(name, entry))
                .then(resolve, reject);
            };
            const queue = queues.get(name) ?? [];
            queues.set(name, queue);
            if (queue.length === 0 && grantable(name, mode)) return grant();
            if (options.ifAvailable) {
              Promise.resolve()
                .then(() => callback(null))
                .then(resolve, reject);
              return;
            }
            const entry = { tab, mode, grant };
            queue.push(entry);
            options.signal?.addEventListener("abort", () => {
              const at = queue.indexOf(entry);
              if (at < 0) return;
              queue.splice(at, 1);
              reject(new DOMException("The request was aborted.", "AbortError"));
              next(name);
            });
          });
        },
        async query() {
          return { held: [...held].flatMap(([name, list]) => list.map(({ mode }) => ({ name, mode }))) };
        },
      };
      return {
        locks,
        close() {
          for (const queue of queues.values()) queue.splice(0, queue.length, ...queue.filter((e) => e.tab !== tab));
          for (const [name, list] of held) for (const entry of list.filter((e) => e.tab === tab)) release(name, entry);
          for (const name of queues.keys()) next(name);
        },
      };
    },
  };
}

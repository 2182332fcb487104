import type { IncomingMessage, ServerResponse } from "node:http";
import { memoryThreadStore, threadsHandler } from "@tandem/server";

/**
 * The mock agent's thread store, the backend of `restStorage` from `@tandem/core` in tests and
 * the playground: `@tandem/server`'s `threadsHandler` over `memoryThreadStore`, at `/threads`.
 * One set of threads for every request (the mock signs no one in), in memory.
 *
 *   GET    /threads        → [{ id, title, createdAt, updatedAt }], most recent first
 *   GET    /threads/:id    → the thread with its messages in order, or 404
 *   POST   /threads/:id    ← one save (`ThreadChange`), merged as a tree (`mergeSave`)
 *   PATCH  /threads/:id    ← { title }
 *   DELETE /threads/:id    → a tombstone: later saves of the id are ignored
 */
export function mockThreads(headers: Record<string, string>): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const { "access-control-allow-origin": _any, ...rest } = headers;
  const handler = threadsHandler({
    store: memoryThreadStore(),
    authorize: () => "everyone",
    headers: { ...rest, "access-control-allow-methods": "GET, POST, PATCH, DELETE, OPTIONS" },
  });
  return (req, res) => {
    // The page's own origin and credentials allowed, so `restStorage({ credentials: "include" })`
    // works from another origin (the playground's `?threads=`): a `*` is refused with credentials.
    res.setHeader("access-control-allow-origin", req.headers.origin ?? "*");
    res.setHeader("access-control-allow-credentials", "true");
    res.setHeader("vary", "origin");
    return handler(req, res);
  };
}

/** The paths the thread store answers. */
export const THREADS = /^\/threads(?:\/[^/]+)?\/?$/;

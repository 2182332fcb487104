import type { StoredThread, ThreadChange, ThreadStorage, ThreadSummary } from "./types.js";

/** Options for `restStorage`. */
export interface RestStorageOptions {
  /** Where the contract is served: `https://api.example.com/threads` (its threads are `{url}/:id`). */
  url: string;
  /** Headers sent with every request (an `Authorization` header, say); a function is called for each request. */
  headers?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
  /** Whether cookies go with the requests (default `same-origin`; `include` for a session cookie of another origin). */
  credentials?: RequestCredentials;
  /** The `fetch` to use (default the global one). */
  fetch?: typeof fetch;
  /** Tells stores apart: the current thread is remembered per name (default the URL). */
  name?: string;
}

/** An answer that was not the one asked for, with the server's reason (`{ error }`) where it gave one. */
async function failure(method: string, path: string, response: Response): Promise<Error> {
  let reason = "";
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body?.error === "string") reason = `: ${body.error}`;
  } catch {
    // no JSON reason
  }
  return new Error(`${method} ${path} answered HTTP ${response.status}${reason}`);
}

/**
 * Threads kept by your server, over the thread-store REST contract that `@tandem/server`'s
 * `threadsHandler` serves (and any server can, see the docs' contract page):
 *
 *     GET    {url}        → [{ id, title, createdAt, updatedAt }], most recent first
 *     GET    {url}/:id    → the thread with its messages in order, or 404
 *     POST   {url}/:id    ← one save (`ThreadChange`), which the server merges (`mergeSave`)
 *     DELETE {url}/:id    → the thread is removed for good
 *
 * A failed request rejects with the status and the server's reason: Tandem says it cannot save
 * and keeps the chat in memory (`StorageStatus`), as for any storage.
 */
export function restStorage(options: RestStorageOptions): ThreadStorage {
  const base = options.url.replace(/\/+$/, "");
  const call = async (method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<unknown> => {
    const headers = typeof options.headers === "function" ? await options.headers() : (options.headers ?? {});
    const response = await (options.fetch ?? fetch)(`${base}${path}`, {
      method,
      credentials: options.credentials ?? "same-origin",
      headers: { ...(body !== undefined && { "content-type": "application/json" }), ...headers },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      ...(signal && { signal }),
    });
    if (response.status === 404 && method === "GET" && path !== "") return null;
    if (!response.ok) throw await failure(method, `${base}${path}`, response);
    return response.status === 204 ? null : response.json();
  };
  const one = (id: string) => `/${encodeURIComponent(id)}`;
  return {
    name: options.name ?? base,
    list: async () => (await call("GET", "")) as ThreadSummary[],
    load: async (id, signal) => (await call("GET", one(id), undefined, signal)) as StoredThread | null,
    save: async (change: ThreadChange) => void (await call("POST", one(change.thread.id), change)),
    remove: async (id) => void (await call("DELETE", one(id))),
  };
}

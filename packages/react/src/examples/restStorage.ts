import type { StoredThread, ThreadChange, ThreadStorage, ThreadSummary } from "@tandem/core";

/** Threads kept by your server: GET /threads, GET /threads/:id, POST /threads/:id (a save), DELETE /threads/:id. */
export function restStorage(baseUrl: string, init: RequestInit = {}): ThreadStorage {
  const call = async (path: string, method = "GET", body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      ...init,
      method,
      headers: { "Content-Type": "application/json", ...init.headers },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (response.status === 404 && method === "GET") return null;
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status}`);
    return response.status === 204 ? null : response.json();
  };
  return {
    name: baseUrl,
    list: () => call("/threads") as Promise<ThreadSummary[]>,
    load: (id) => call(`/threads/${encodeURIComponent(id)}`) as Promise<StoredThread | null>,
    save: async (change: ThreadChange) => void (await call(`/threads/${encodeURIComponent(change.thread.id)}`, "POST", change)),
    remove: async (id) => void (await call(`/threads/${encodeURIComponent(id)}`, "DELETE")),
  };
}

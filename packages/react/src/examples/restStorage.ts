import { restStorage, type ThreadStorage } from "@tandem/core";

/**
 * Threads kept by your server: `threadsHandler` from `@tandem/server` mounted at `url` (or any
 * server of the thread-store contract), the session cookie sent along so it knows whose threads
 * they are. Pass it as `<AgentProvider storage={…}>`.
 */
export function serverThreads(url: string): ThreadStorage {
  return restStorage({ url, credentials: "include" });
}

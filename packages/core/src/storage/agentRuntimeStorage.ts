import type { Message } from "@ag-ui/core";
import { getJson } from "../transport/http.js";
import type { HttpOptions } from "../transport/types.js";
import { titleOf } from "./title.js";
import type { StoredThread, ThreadStorage } from "./types.js";

interface HistoryPage {
  messages?: Message[];
  has_more?: boolean;
  next_cursor?: string | null;
}

/**
 * The agent runtime's stored threads as a (read-only) storage: `load` reads
 * `GET {url}/v1/ag-ui/threads/{id}/messages`, every page. The runtime writes the thread itself
 * as it runs, so saves have nothing to do; it has no endpoint to list or delete threads.
 */
export function agentRuntimeStorage(options: HttpOptions): ThreadStorage {
  const base = options.url.replace(/\/$/, "");
  return {
    name: base,
    async list() {
      return [];
    },
    async load(id, signal?: AbortSignal): Promise<StoredThread | null> {
      const messages: Message[] = [];
      let cursor: string | null | undefined;
      do {
        const url = new URL(`${base}/v1/ag-ui/threads/${encodeURIComponent(id)}/messages`);
        if (cursor) url.searchParams.set("cursor", cursor);
        let page: HistoryPage;
        try {
          page = await getJson<HistoryPage>(options, url.toString(), signal ?? new AbortController().signal);
        } catch (error) {
          if ((error as { status?: number }).status === 404) break;
          throw error;
        }
        messages.push(...(page.messages ?? []));
        cursor = page.has_more ? page.next_cursor : undefined;
      } while (cursor);
      if (messages.length === 0) return null;
      return { id, title: titleOf(messages), createdAt: 0, updatedAt: 0, messages, state: undefined, interrupts: [], toolCallStatus: {} };
    },
    async save() {},
    async remove() {
      throw new Error("The agent runtime has no endpoint to delete a thread.");
    },
  };
}

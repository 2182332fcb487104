import type { BaseEvent } from "@ag-ui/core";

import { loadOnce } from "../util/loadOnce.js";

type Reconnect = typeof import("./reconnect.js");

/**
 * Loads the reconnecting reader (`reconnect.ts`), a chunk of its own: it is fetched with the
 * validation pipeline (`loadPipeline`), which every run waits for, so it is there before any
 * stream can drop and the first page load does not carry it.
 */
export const loadReconnect = loadOnce(() => import("./reconnect.js"));

/** `reconnectingEvents`, at once when its chunk has loaded, else once it has. */
export function reconnectingEvents(...args: Parameters<Reconnect["reconnectingEvents"]>): AsyncIterable<BaseEvent> {
  const loaded = loadReconnect.loaded();
  if (loaded) return loaded.reconnectingEvents(...args);
  return (async function* () {
    yield* (await loadReconnect()).reconnectingEvents(...args);
  })();
}

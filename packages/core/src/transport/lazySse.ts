type Sse = typeof import("./sse.js");

let loading: Promise<Sse> | null = null;

/**
 * Loads the SSE reader (`sse.ts`, with eventsource-parser), a chunk of its own: it is fetched
 * with the validation pipeline (`loadPipeline`), which every run waits for, so it is there
 * before a response is read and the first page load does not carry it.
 */
export function loadSse(): Promise<Sse> {
  loading ??= import("./sse.js");
  loading.catch(() => {
    loading = null; // tried again with the next response
  });
  return loading;
}

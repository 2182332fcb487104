import { loadOnce } from "../util/loadOnce.js";

/**
 * Loads the SSE reader (`sse.ts`, with eventsource-parser), a chunk of its own: it is fetched
 * with the validation pipeline (`loadPipeline`), which every run waits for, so it is there
 * before a response is read and the first page load does not carry it. After a failure the
 * next response tries again.
 */
export const loadSse = loadOnce(() => import("./sse.js"));

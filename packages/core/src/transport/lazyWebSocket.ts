import { loadOnce } from "../util/loadOnce.js";

/**
 * Loads the WebSocket transport (`webSocket.ts`), a chunk of its own: only a client made with
 * `websocket` fetches it (through the validation pipeline's chunk, which every run waits for), so
 * an app that leaves the option unset never downloads it and its first load pays one call.
 */
export const loadWebSocket = loadOnce(() => import("./webSocket.js"));

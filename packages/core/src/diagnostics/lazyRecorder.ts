import { loadOnce } from "../util/loadOnce.js";

/**
 * Loads the diagnostics recorder (`recorder.ts`, with the rules and the stage watchers), a chunk
 * of its own: only a client made with `diagnostics` fetches it, before its first run, so an app
 * that keeps no diagnostics never downloads it.
 */
export const loadDiagnosticsRecorder = loadOnce(() => import("./recorder.js"));

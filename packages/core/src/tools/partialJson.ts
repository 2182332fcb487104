import { loadOnce } from "../util/loadOnce.js";

// Plain Node loads untruncate-json's CommonJS build, whose default export arrives wrapped in
// `module.exports.default`; bundlers load its ES build, where the default is the function.
type Untruncate = (json: string) => string;

/**
 * Loads the closer of cut-off JSON (untruncate-json), a chunk of its own: it is fetched with the
 * validation pipeline (`loadPipeline`), which every run waits for, so it is there before the
 * first streamed tool argument, and the first page load does not carry it.
 */
export const loadPartialJson = loadOnce(() =>
  import("untruncate-json").then((module) => {
    const exported = (module as unknown as { default: Untruncate | { default: Untruncate } }).default;
    return typeof exported === "function" ? exported : exported.default;
  }),
);

/** Parses complete or still-streaming JSON; `undefined` until something parses (or, for cut-off JSON, until its closer is loaded). */
export function parsePartialJson(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    const untruncate = loadPartialJson.loaded();
    if (!untruncate) return undefined;
    try {
      return JSON.parse(untruncate(text));
    } catch {
      return undefined;
    }
  }
}

import { loadInterruptAnswering, loadPipeline } from "@tandem/core";
import { preloadFiles } from "../composer/lazyFiles.js";
import { preloadMarkdown } from "../markdown/LazyMarkdown.js";
import { preloadDefaultParts } from "./defaultParts.js";

/**
 * Loads everything `<Chat>` fetches on first use: every default part that is a chunk of its own
 * (tool calls, confirmations, interrupts, the editor, the branch picker…), the Markdown renderer,
 * the file handling, the AG-UI validation pipeline every run waits for, and interrupt answering
 * (a thread restored with an open question can be answered offline). Once it resolves,
 * `<Chat>` draws each part in the render that asks for it: call it before rendering in an app's
 * tests (no `findBy` waits for chunks), or while idle to have a chat that works offline later.
 * Rejects if a chunk could not be loaded; calling it again loads what failed.
 */
export function preloadChat(): Promise<void> {
  return Promise.all([preloadDefaultParts(), preloadMarkdown(), preloadFiles(), loadPipeline(), loadInterruptAnswering()]).then(
    () => undefined,
  );
}

import type { ComponentType } from "react";

/** What a fence renderer is given: one fenced code block of its language. */
export interface FenceRendererProps {
  /** The block's code, as written between the fences. */
  code: string;
  /** The fence's language, lower-cased (` ```Mermaid ` gives `mermaid`). */
  language: string;
  /**
   * True while the reply is still writing this block: its code may grow with the next token.
   * A renderer that draws something costly (a diagram) should wait until it is false.
   */
  streaming: boolean;
}

/** A component that draws a fenced code block of one language in place of the code. */
export type FenceRenderer = ComponentType<FenceRendererProps>;

const renderers = new Map<string, FenceRenderer>();

/**
 * Draws the fenced code blocks of `language` (matched without regard to case) with `renderer`
 * instead of as code, in every Markdown reply from then on: for example a diagram for
 * ` ```mermaid `. The renderer is the app's: none ships with Tandem, so a heavy library is only
 * loaded by an app that plugs it in (and may load it lazily inside the renderer). Returns a
 * function that removes it. Registering a language again replaces its renderer.
 *
 * @example
 * registerFenceRenderer("mermaid", ({ code, streaming }) => (streaming ? <pre>{code}</pre> : <Diagram source={code} />));
 */
export function registerFenceRenderer(language: string, renderer: FenceRenderer): () => void {
  if (!language.trim()) throw new TypeError("registerFenceRenderer: the language must be a non-empty string");
  const key = language.trim().toLowerCase();
  renderers.set(key, renderer);
  return () => {
    if (renderers.get(key) === renderer) renderers.delete(key);
  };
}

/** The renderer registered for a fence's language, if any. */
export const fenceRenderer = (language: string | undefined): FenceRenderer | undefined =>
  language === undefined ? undefined : renderers.get(language.toLowerCase());

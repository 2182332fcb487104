/**
 * The reason as a sentence ("pick_size" → "Pick size"), without a namespace ("langgraph:…");
 * `fallback` when it has no words, or says only that it is an interrupt.
 */
export const humanize = (reason: string, fallback: string) => {
  const words = reason
    .replace(/^[\w-]+:/, "")
    .replace(/[_:-]+/g, " ")
    .trim();
  return words && words.toLowerCase() !== "interrupt" ? words[0]!.toUpperCase() + words.slice(1) : fallback;
};

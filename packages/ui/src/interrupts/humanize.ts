/** The reason as a sentence ("pick_size" → "Pick size"); `fallback` when it has no words. */
export const humanize = (reason: string, fallback: string) => {
  const words = reason.replace(/[_-]+/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : fallback;
};

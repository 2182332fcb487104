// The README's code blocks and the docs' code samples, taken verbatim by the scripts that
// compile, run or measure them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The fenced code block that follows `<!-- {marker}: … -->` in the README. */
export function readmeBlock(marker) {
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const at = readme.indexOf(`<!-- ${marker}:`);
  if (at < 0) throw new Error(`README.md has no <!-- ${marker}: … --> marker`);
  const block = /```[a-z]*\n([\s\S]*?)```/.exec(readme.slice(at));
  if (!block) throw new Error(`README.md has no code block after its ${marker} marker`);
  return block[1];
}

/** A code sample of the docs (docs/samples/, shown in the pages with VitePress's `<<<`). */
export function docsSample(file) {
  return readFileSync(path.join(root, "docs", "samples", file), "utf8");
}

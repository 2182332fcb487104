// The docs' code samples are files, compiled by `pnpm typecheck` (docs/tsconfig.json covers
// docs/samples/) or run by the consumer and Next.js tests; the pages show them with VitePress's
// `<<< file#region`. These tests keep it that way: no page carries code of its own, every
// included file and region exists, and the README's blocks are the files the tests run.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { docsSample, readmeBlock } from "./readme.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const docs = path.join(root, "docs");

/** The hand-written pages: everything under docs/ but the generated API reference and the build. */
function pages(dir = docs) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ["node_modules", "api", "samples", ".vitepress", "public"].includes(entry.name) ? [] : pages(full);
    return entry.name.endsWith(".md") ? [full] : [];
  });
}

const CODE = /^```(ts|tsx|js|jsx|mjs|mts|typescript|javascript)\b/gm;
const INCLUDE = /^<<< (\S+?)(?:#([\w-]+))?(?:\{[^}]*\})?$/gm;

describe("the docs' code samples", () => {
  it("are files: no page holds a TypeScript or JavaScript block of its own", () => {
    const inline = pages().flatMap((page) =>
      [...readFileSync(page, "utf8").matchAll(CODE)].map((m) => `${path.relative(root, page)}: \`\`\`${m[1]}`),
    );
    expect(inline).toEqual([]);
  });

  it("include files and regions that exist", () => {
    const missing = [];
    let count = 0;
    for (const page of pages()) {
      for (const [, file, region] of readFileSync(page, "utf8").matchAll(INCLUDE)) {
        count++;
        const target = file.startsWith("@/") ? path.join(docs, file.slice(2)) : path.resolve(path.dirname(page), file);
        if (!existsSync(target)) missing.push(`${path.relative(root, page)}: ${file}`);
        else if (region && !readFileSync(target, "utf8").includes(`// #region ${region}\n`))
          missing.push(`${path.relative(root, page)}: ${file} has no region ${region}`);
      }
    }
    expect(missing).toEqual([]);
    expect(count).toBeGreaterThan(20);
  });

  it("include the README's Quick start and Next.js page, word for word", () => {
    expect(readmeBlock("quick-start")).toBe(docsSample("app/App.tsx"));
    expect(readmeBlock("nextjs-page")).toBe(readFileSync(path.join(root, "examples", "nextjs", "app", "page.tsx"), "utf8"));
  });
});

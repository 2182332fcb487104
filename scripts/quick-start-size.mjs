// What a Quick-start app ships: the README's Quick start block, verbatim, as the app of a Vite
// production build against the workspace (the playground's own resolution: @tandem/* sources,
// the pinned react, zod and @ag-ui/*), built once as is and once with React left external.
// First-load JavaScript is the entry chunk and every chunk it imports statically; everything
// else is loaded on first use (a dynamic import) and is reported by what loads it.
//
// Vite rather than esbuild: esbuild keeps most of zod 4 (~700 KB of it), so its figure would
// describe no app anyone ships; Vite is what the Quick start's users build with.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
const playground = path.join(root, "apps/playground");

/** The fenced code block after `<!-- {marker}: … -->` in the README. */
export function readmeBlock(marker) {
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const at = readme.indexOf(`<!-- ${marker}:`);
  if (at < 0) throw new Error(`README.md has no <!-- ${marker}: … --> marker`);
  const block = /```[a-z]*\n([\s\S]*?)```/.exec(readme.slice(at));
  if (!block) throw new Error(`README.md has no code block after its ${marker} marker`);
  return block[1];
}

/** Names for the parts loaded on first use, by the module that starts each. */
const LAZY_PARTS = [
  [/transport\/agKit\./, "ag-kit dialect"],
  [/transport\/agentRuntime\./, "agent-runtime dialect"],
  [/transport\/agentScope\./, "agentscope dialect"],
  [/markdown\/Markdown\./, "Markdown renderer (react-markdown, remark-gfm)"],
  [/@cfworker\/json-schema/, "JSON Schema validator (@cfworker/json-schema)"],
  [/@ag-ui\/proto/, "protobuf decoder (@ag-ui/proto)"],
];

const sizeOf = (bytes) => ({ min: bytes.byteLength, gzip: gzipSync(bytes, { level: 9 }).byteLength });
const add = (a, b) => ({ min: a.min + b.min, gzip: a.gzip + b.gzip });

async function buildOnce(dir, externalReact) {
  const { default: react } = await import(
    pathToFileURL(createRequire(path.join(playground, "package.json")).resolve("@vitejs/plugin-react"))
  );
  const outDir = path.join(dir, externalReact ? "dist-no-react" : "dist");
  await build({
    root: dir,
    configFile: false,
    logLevel: "silent",
    plugins: [react()],
    build: {
      outDir,
      manifest: true,
      emptyOutDir: true,
      ...(externalReact && { rolldownOptions: { external: (id) => /^(react|react-dom|scheduler)(\/.*)?$/.test(id) } }),
    },
  });
  const manifest = JSON.parse(readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8"));
  const chunk = (key) => sizeOf(readFileSync(path.join(outDir, manifest[key].file)));
  const closure = (key, into = new Set()) => {
    if (!into.has(key)) {
      into.add(key);
      for (const next of manifest[key].imports ?? []) closure(next, into);
    }
    return into;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const eager = closure(entry);
  const firstLoad = [...eager].map(chunk).reduce(add, { min: 0, gzip: 0 });
  const lazy = Object.keys(manifest)
    .filter((key) => manifest[key].isDynamicEntry && !eager.has(key))
    .map((key) => ({
      name: LAZY_PARTS.find(([pattern]) => pattern.test(key))?.[1] ?? key.replace(/^.*node_modules\//, ""),
      key,
      ...[...closure(key)]
        .filter((k) => !eager.has(k))
        .map(chunk)
        .reduce(add, { min: 0, gzip: 0 }),
    }));
  const eagerModules = [...eager].flatMap((key) => [key, ...(manifest[key].src ? [manifest[key].src] : [])]);
  return { firstLoad, lazy, eagerModules };
}

/**
 * Builds the Quick start. Returns first-load sizes with and without React, the lazy parts, and
 * which LAZY_PARTS are not lazy (found nowhere among the dynamic entries).
 */
export async function measureQuickStart() {
  // Inside the playground, so that it resolves packages exactly as the playground does; ignored by git.
  const dir = path.join(playground, ".quick-start-size");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "src"), { recursive: true });
  writeFileSync(path.join(dir, "src/App.tsx"), readmeBlock("quick-start"));
  writeFileSync(
    path.join(dir, "src/main.tsx"),
    'import { createRoot } from "react-dom/client";\nimport { App } from "./App";\n\ncreateRoot(document.getElementById("root")!).render(<App />);\n',
  );
  writeFileSync(
    path.join(dir, "index.html"),
    '<!doctype html>\n<html lang="en"><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>\n',
  );
  try {
    const withReact = await buildOnce(dir, false);
    const withoutReact = await buildOnce(dir, true);
    const notLazy = LAZY_PARTS.filter(([pattern]) => !withoutReact.lazy.some((part) => pattern.test(part.key))).map(([, name]) => name);
    return { withReact: withReact.firstLoad, withoutReact: withoutReact.firstLoad, lazy: withoutReact.lazy, notLazy };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

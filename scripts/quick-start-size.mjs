// What a Quick-start app ships: the README's Quick start block, verbatim, as the app of a Vite
// production build against the workspace (the playground's own resolution: @tandem/* sources,
// the pinned react, zod and @ag-ui/*), built once as is and once with React left external.
// First-load JavaScript is the entry chunk and every chunk it imports statically; everything
// else is loaded on first use (a dynamic import) and is reported by what loads it. Which module
// went into which chunk comes from the bundler itself (a plugin reads the bundle).
//
// Vite rather than esbuild: esbuild keeps several times more of zod than Vite's bundler does, so
// its figure would describe no app anyone ships; Vite is what the Quick start's users build with.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { readmeBlock } from "./readme.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const playground = path.join(root, "apps/playground");

/** The parts that should load on first use, by a module each holds. */
export const LAZY_PARTS = [
  [/transport\/agKit\./, "ag-kit dialect"],
  [/transport\/agentRuntime\./, "agent-runtime dialect"],
  [/transport\/agentScope\./, "agentscope dialect"],
  [/transport\/webSocket\./, "WebSocket transport (only for a client made with `websocket`; through the pipeline's chunk)"],
  [/transport\/pipeline\./, "AG-UI validation pipeline (@ag-ui/client with its zod)"],
  [/markdown\/Markdown\./, "Markdown renderer (micromark + GFM, mdast/hast to React)"],
  [/markdown\/highlight\./, "syntax highlighter (refractor)"],
  [/markdown\/mathml\./, "math renderer (temml, TeX to MathML)"],
  [/@cfworker\/json-schema/, "JSON Schema validator (@cfworker/json-schema)"],
  [/@ag-ui\/proto\//, "protobuf decoder (@ag-ui/proto)"],
  [/transport\/protobuf\./, "protobuf responses (framing, with the decoder)"],
  [/messages\/MessageFeedbackBody\./, "feedback toggles and comment form (where the app takes feedback)"],
  [/composer\/ComposerDictateBody\./, "Dictate button (where the browser has speech recognition)"],
  [/feedback\/sendFeedback\./, "feedback sender (onFeedback, the CUSTOM event POST)"],
  [/fast-json-patch\//, "JSON Patch (fast-json-patch, for STATE_DELTA and ACTIVITY_DELTA; comes with the validation pipeline)"],
  [/reducer\/reducerParts\./, "the reducer's rare half (patches, activity, snapshots, predictions; with the validation pipeline)"],
  [/diagnostics\/recorder\./, "diagnostics recorder (the rules and stage watchers; only for a client made with `diagnostics`)"],
  [/run\/branching\./, "versions of a turn (regenerate, edit, switch; loads with the first of them)"],
  [/run\/interruptResponder\./, "interrupt answering (the resume run, approved tools, expiry; loads with the first interrupt)"],
  [/threads\/threadKeeper\./, "threads kept in a storage (the list, persistence, other tabs; with <AgentProvider storage>)"],
  [/transport\/sse\.|eventsource-parser/, "SSE reader (eventsource-parser; comes with the validation pipeline)"],
  [/tools\/Confirmation\./, "tool-call confirmation (Approve / Reject, with its keys)"],
  [/interrupts\/Interrupts\./, "interrupts (the open ones, answered together)"],
  [/interrupts\/InterruptPrompt\./, "interrupt form (schema fields, expiry)"],
  [/messages\/BranchPicker\./, "branch picker (a turn with versions)"],
  [/messages\/MessageEditor\./, "message editor (Edit on a user message)"],
  [/messages\/Activity\./, "activity messages"],
  [/messages\/Reasoning\./, "reasoning messages"],
  [/messages\/SubagentGroup\./, "subagent groups"],
  [/outbox\/Outbox\./, "outbox (messages queued while the agent replies or offline)"],
  [/status\/Usage\./, "token usage footer (showUsage)"],
  [/suggestions\/Suggestions\./, "suggestions (preset prompts)"],
  [/tools\/ToolCall\./, "tool call slot (loads as the first run starts)"],
  [/tools\/ToolCallCard\./, "tool call card (loads with the slot)"],
  [/status\/RunError\./, "run error alert (loads as the chat mounts)"],
  [/status\/Steps\./, "steps in progress"],
  [/composer\/attachments\./, "file handling (limits, uploads, content parts; loads with the first file)"],
  [/composer\/AttachmentChips\./, "attachment chips with previews (load with the first file)"],
  [/messages\/UserFilePart\./, "files in a user message (images, file chips)"],
];

const sizeOf = (bytes) => ({ min: bytes.byteLength, gzip: gzipSync(bytes, { level: 9 }).byteLength });
const add = (a, b) => ({ min: a.min + b.min, gzip: a.gzip + b.gzip });
const ZERO = { min: 0, gzip: 0 };
const shortName = (id) => (id.includes("node_modules/") ? id.replace(/^.*node_modules\//, "") : path.relative(root, id));

async function buildOnce(dir, externalReact) {
  const { default: react } = await import(
    pathToFileURL(createRequire(path.join(playground, "package.json")).resolve("@vitejs/plugin-react"))
  );
  const outDir = path.join(dir, externalReact ? "dist-no-react" : "dist");
  const chunks = new Map();
  // The chunk graph and which modules each chunk holds, as the bundler wrote them.
  const capture = {
    name: "tandem-capture-chunks",
    generateBundle(_options, bundle) {
      for (const c of Object.values(bundle)) {
        if (c.type !== "chunk") continue;
        chunks.set(c.fileName, { ...c, moduleIds: c.moduleIds ?? Object.keys(c.modules ?? {}) });
      }
    },
  };
  await build({
    root: dir,
    configFile: false,
    logLevel: "silent",
    plugins: [react(), capture],
    build: {
      outDir,
      emptyOutDir: true,
      ...(externalReact && { rolldownOptions: { external: (id) => /^(react|react-dom|scheduler)(\/.*)?$/.test(id) } }),
    },
  });
  const size = (file) => sizeOf(readFileSync(path.join(outDir, file)));
  const closure = (file, into = new Set()) => {
    if (!into.has(file) && chunks.has(file)) {
      into.add(file);
      for (const next of chunks.get(file).imports) closure(next, into);
    }
    return into;
  };
  const entry = [...chunks.values()].find((c) => c.isEntry);
  const eager = closure(entry.fileName);
  const eagerModules = [...eager].flatMap((file) => chunks.get(file).moduleIds);
  const lazy = [...chunks.values()]
    .filter((c) => c.isDynamicEntry && !eager.has(c.fileName))
    .map((c) => {
      const files = [...closure(c.fileName)].filter((f) => !eager.has(f));
      return {
        name: LAZY_PARTS.find(([pattern]) => pattern.test(c.facadeModuleId ?? ""))?.[1] ?? shortName(c.facadeModuleId ?? c.fileName),
        modules: files.flatMap((f) => chunks.get(f).moduleIds),
        ...files.map(size).reduce(add, ZERO),
      };
    });
  // Named parts that load on first use inside another part's chunks (no chunk of their own).
  for (const [pattern, name] of LAZY_PARTS) {
    if (lazy.some((part) => part.name === name) || eagerModules.some((id) => pattern.test(id))) continue;
    const host = lazy.find((part) => part.modules.some((id) => pattern.test(id)));
    if (host) lazy.push({ name, inside: host.name, modules: [] });
  }
  const allModules = [...chunks.values()].flatMap((c) => c.moduleIds);
  // The biggest inputs of the first load, by their minified length in the chunk (for `size.mjs --why`).
  const firstLoadModules = [...eager]
    .flatMap((file) => Object.entries(chunks.get(file).modules ?? {}).map(([id, m]) => ({ id: shortName(id), min: m.renderedLength })))
    .sort((a, b) => b.min - a.min);
  return {
    firstLoad: [...eager].map(size).reduce(add, ZERO),
    firstLoadModules,
    lazy,
    // Named parts whose modules are in the first load (parts absent from the app are neither).
    eagerParts: LAZY_PARTS.filter(([pattern]) => eagerModules.some((id) => pattern.test(id))).map(([, name]) => name),
    absentParts: LAZY_PARTS.filter(([pattern]) => !allModules.some((id) => pattern.test(id))).map(([, name]) => name),
  };
}

/**
 * The Quick start with its tool's parameters declared with zod instead of JSON Schema, as the
 * README says an app may: what that choice adds to the first load.
 */
function withZod(app) {
  const zod = app
    .replace(/parameters: \{[\s\S]*?\} as const,/, "parameters: z.object({ background: z.string() }),")
    .replace('import "@tandem/ui/styles.css";', 'import "@tandem/ui/styles.css";\nimport { z } from "zod";');
  if (!zod.includes("z.object(") || !zod.includes('from "zod"'))
    throw new Error("the Quick start's tool parameters are no longer a JSON Schema `as const`");
  return zod;
}

/**
 * Builds the Quick start. Returns first-load sizes with and without React (and with React, its
 * tool's parameters declared with zod), what loads on first use (by dynamic import, with what it
 * brings that the first load lacks), which LAZY_PARTS are in the first load, and which the app
 * does not contain at all.
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
    writeFileSync(path.join(dir, "src/App.tsx"), withZod(readmeBlock("quick-start")));
    const zod = await buildOnce(dir, false);
    return {
      withReact: withReact.firstLoad,
      withZod: zod.firstLoad,
      firstLoadModules: withReact.firstLoadModules,
      withoutReact: withoutReact.firstLoad,
      lazy: withoutReact.lazy,
      eagerParts: withoutReact.eagerParts,
      absentParts: withoutReact.absentParts,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

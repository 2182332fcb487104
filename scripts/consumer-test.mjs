#!/usr/bin/env node
// Consumer test (part of `pnpm test`, after the build): does a React app that installs Tandem
// from its published files type-check, build, render on the server, test and run?
//
// Packs the five packages, writes a scratch Vite + React + TypeScript app into a temp dir and
// installs the tarballs there with npm, beside the registry packages the repository pins
// (versions read from package.json and pnpm-lock.yaml, so they cannot drift). Nothing of the
// workspace is linked. Then, in the app:
//   1. tsc with `moduleResolution: "bundler"` over the whole app, and tsc with `nodenext` over a
//      file whose `@ts-expect-error`s only hold while Tandem's types are real (not `any`); then
//      every .d.ts Tandem ships, with skipLibCheck off, under both resolutions (skipLibCheck, on
//      in the app as in every Vite template, would hide an error in them and make its type any);
//   2. `vite build`, measuring first-load JavaScript with React and without it;
//   3. the docs' SSR sample (docs/samples/app/ssr.mjs) under plain Node (no window, no document);
//   4. the docs' startMockAgent test (docs/samples/app/App.test.tsx) under Vitest with no Vitest config;
//   5. the packed `tandem-mock` CLI under plain node: its printed URL parsed, one run POSTed
//      with `Accept: */*` and answered as SSE;
//   6. the lazy files from the published packages, under plain Node against that CLI: the three
//      non-AG-UI dialects, the JSON Schema validator, the Markdown renderer, a protobuf response.
// The README's Quick start block is the app (src/App.tsx), taken verbatim by its marker comment
// (scripts/docs-samples.test.mjs checks that it is docs/samples/app/App.tsx, which the docs show).
//
//   node scripts/consumer-test.mjs [--keep]      --keep leaves the scratch app in place
import { execFile, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { packPackages, root } from "./pack-packages.mjs";
import { docsSample, readmeBlock } from "./readme.mjs";
import { seconds, steps } from "./steps.mjs";

const started = Date.now();
const keep = process.argv.includes("--keep");
const work = mkdtempSync(path.join(os.tmpdir(), "tandem-consumer-"));
const app = path.join(work, "app");
const execFileAsync = promisify(execFile);
const KiB = 1024;
const fmt = (bytes) => `${(bytes / KiB).toFixed(2)} KiB`;

// ---------------------------------------------------------------------------------------------
// What the README says, taken verbatim.

// ---------------------------------------------------------------------------------------------
// The versions the repository pins: exact specifiers as they are, ranges as the lockfile resolved them.

function lockedVersions() {
  const lock = readFileSync(path.join(root, "pnpm-lock.yaml"), "utf8");
  const versions = {};
  let importer = null;
  let dependency = null;
  for (const line of lock.split("\n")) {
    const importerLine = /^ {2}(\S.*):$/.exec(line);
    if (importerLine) importer = importerLine[1];
    if (/^\S/.test(line) && !line.startsWith("importers:")) importer = null;
    const dependencyLine = /^ {6}'?([^':\s]+)'?:$/.exec(line);
    if (dependencyLine) dependency = dependencyLine[1];
    const versionLine = /^ {8}version: ([^(\s]+)/.exec(line);
    if (importer && dependency && versionLine) {
      versions[importer] ??= {};
      versions[importer][dependency] = versionLine[1];
    }
  }
  return versions;
}

function pinned() {
  const locked = lockedVersions();
  const from = (importer, name) => {
    const version = locked[importer]?.[name];
    if (!version || version.startsWith("link:")) throw new Error(`pnpm-lock.yaml pins no ${name} for ${importer}`);
    return version;
  };
  const rootDeps = [
    "react",
    "react-dom",
    "vite",
    "typescript",
    "@types/react",
    "@types/react-dom",
    "@types/node",
    "zod",
    "vitest",
    "jsdom",
  ];
  return {
    ...Object.fromEntries(rootDeps.map((name) => [name, from(".", name)])),
    "@testing-library/react": from(".", "@testing-library/react"),
    "@testing-library/dom": from(".", "@testing-library/dom"),
    "@vitejs/plugin-react": from("apps/playground", "@vitejs/plugin-react"),
  };
}

// ---------------------------------------------------------------------------------------------
// The scratch app.

const TYPES_CHECK = `// Compiled under \`bundler\` and \`nodenext\` resolution. Each @ts-expect-error is an error only
// while Tandem's types are real: were any of them \`any\`, tsc would report an unused directive.
import { AgentClient, type ToolCallView } from "@tandem/core";
import { startMockAgent } from "@tandem/mock-agent";
import { AgentProvider, useAgent, useAgentState, useFrontendTool } from "@tandem/react";
import { Chat } from "@tandem/ui";
import { Markdown } from "@tandem/ui/markdown";

export function Typed() {
  const agent = useAgent();
  // @ts-expect-error -- status is a union of strings
  const status: number = agent.status;
  const [recipe] = useAgentState<{ title: string }>();
  // @ts-expect-error -- the state is undefined until something sets it
  const title: string = recipe.title;
  useFrontendTool({
    name: "weather",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } as const,
    handler: ({ city }) => {
      // @ts-expect-error -- city is a string
      const n: number = city;
      return n;
    },
  });
  const call: ToolCallView | undefined = agent.toolCalls[0];
  // @ts-expect-error -- a tool call's status is a union of strings
  const callStatus: number | undefined = call?.status;
  return (
    <AgentProvider url="http://localhost:8787/agentic-chat">
      {/* @ts-expect-error -- Chat has no such prop */}
      <Chat notAProp />
      <Markdown>{\`\${status} \${title} \${callStatus}\`}</Markdown>
    </AgentProvider>
  );
}

// @ts-expect-error -- a client is not a number
export const client: number = new AgentClient({ url: "http://localhost:8787/agentic-chat" });
// @ts-expect-error -- startMockAgent is a function
export const mock: number = startMockAgent;
`;

// Plain Node, no DOM: each lazily loaded file of the published packages, used for real against
// the packed CLI (its URL is the first argument).
const LAZY_CHECK = `import { AgentClient } from "@tandem/core";
import { preloadMarkdown } from "@tandem/ui";
import { createElement } from "react";
import { renderToString } from "react-dom/server";

const base = process.argv[2];
let failed = false;
const check = (label, ok, detail) => {
  console.log(\`\${ok ? "ok  " : "FAIL"} \${label}\${ok ? "" : \`: \${detail}\`}\`);
  failed ||= !ok;
};
const said = (client) =>
  client.state.messages.filter((m) => m.role === "assistant").map((m) => (typeof m.content === "string" ? m.content : "")).join("");
const describe = (client) => JSON.stringify({ error: client.state.error, messages: client.state.messages });

const dialects = [
  ["ag-kit", { url: \`\${base}/ag-kit/agentic-chat/send-message\` }],
  ["agent-runtime", { url: \`\${base}/agent-runtime\`, agentId: "agentic-chat" }],
  ["agentscope", { url: \`\${base}/agentscope/agentic-chat\` }],
];
for (const [protocol, options] of dialects) {
  const client = new AgentClient({ ...options, protocol });
  await client.sendMessage("count down");
  check(\`the \${protocol} dialect loads on first use and streams\`, client.state.error === null && said(client).includes("Counting down"), describe(client));
}

const handled = [];
const tool = (maxLength) => ({
  name: "change_background",
  parameters: { type: "object", properties: { background: { type: "string", maxLength } }, required: ["background"] },
  handler: ({ background }) => {
    handled.push(background);
    return { ok: true };
  },
});
const valid = new AgentClient({ url: \`\${base}/agentic-chat\` });
valid.registerTool(tool(100));
await valid.sendMessage("make the background teal");
check("the JSON Schema validator loads and passes valid arguments", valid.state.error === null && handled.join() === "teal", describe(valid));
const invalid = new AgentClient({ url: \`\${base}/agentic-chat\` });
invalid.registerTool(tool(2));
await invalid.sendMessage("make the background teal");
const answer = invalid.state.messages.find((m) => m.role === "tool");
check(
  "the JSON Schema validator refuses arguments that break the schema",
  handled.length === 1 && typeof answer?.content === "string" && answer.content.startsWith("Error: Invalid arguments") && answer.content.includes("/background"),
  describe(invalid),
);

const proto = new AgentClient({ url: \`\${base}/agentic-chat\`, headers: { Accept: "application/vnd.ag-ui.event+proto" } });
await proto.sendMessage("count down");
check("a protobuf response decodes", proto.state.error === null && said(proto).includes("Counting down"), describe(proto));

const { Markdown } = await preloadMarkdown();
const html = renderToString(createElement(Markdown, null, "**bold** and \`code\`"));
check("the Markdown renderer loads on first use", html.includes("<strong>bold</strong>") && html.includes("<code>code</code>"), html);

process.exit(failed ? 1 : 0);
`;

function writeApp(tarballs, versions) {
  const files = {
    "package.json": JSON.stringify(
      {
        name: "tandem-consumer",
        private: true,
        type: "module",
        dependencies: {
          ...Object.fromEntries(tarballs.map((t) => [t.name, `file:${t.tarball}`])),
          react: versions.react,
          "react-dom": versions["react-dom"],
          zod: versions.zod,
        },
        devDependencies: Object.fromEntries(
          [
            "@testing-library/dom",
            "@testing-library/react",
            "@types/react",
            "@types/react-dom",
            "@vitejs/plugin-react",
            "jsdom",
            "typescript",
            "vite",
            "vitest",
          ].map((name) => [name, versions[name]]),
        ),
      },
      null,
      2,
    ),
    "index.html": `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Tandem consumer</title></head>
  <body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>
</html>
`,
    "vite.config.ts": `import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({ plugins: [react()], build: { manifest: true } });
`,
    // The same build with React left out, to measure what Tandem adds to an app that has React.
    "vite.no-react.config.ts": `import { defineConfig, mergeConfig } from "vite";
import base from "./vite.config";

const react = /^(react|react-dom|scheduler)(\\/.*)?$/;
export default mergeConfig(base, defineConfig({ build: { outDir: "dist-no-react", rolldownOptions: { external: (id) => react.test(id) } } }));
`,
    "tsconfig.json": JSON.stringify(
      {
        compilerOptions: {
          target: "ES2022",
          lib: ["ES2023", "DOM", "DOM.Iterable"],
          module: "ESNext",
          moduleResolution: "bundler",
          jsx: "react-jsx",
          strict: true,
          noEmit: true,
          isolatedModules: true,
          verbatimModuleSyntax: true,
          skipLibCheck: true,
          types: ["vite/client"],
        },
        include: ["src", "vite.config.ts"],
      },
      null,
      2,
    ),
    "tsconfig.nodenext.json": JSON.stringify(
      {
        compilerOptions: {
          target: "ES2022",
          lib: ["ES2023", "DOM", "DOM.Iterable"],
          module: "NodeNext",
          moduleResolution: "NodeNext",
          jsx: "react-jsx",
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
        },
        files: ["src/tandem-types.tsx"],
      },
      null,
      2,
    ),
    "src/main.tsx": `import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`,
    "src/App.tsx": readmeBlock("quick-start"),
    "src/App.test.tsx": docsSample("app/App.test.tsx"),
    "src/tandem-types.tsx": TYPES_CHECK,
    "ssr.mjs": docsSample("app/ssr.mjs"),
    "lazy.mjs": LAZY_CHECK,
  };
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(app, file)), { recursive: true });
    writeFileSync(path.join(app, file), content);
  }
}

// ---------------------------------------------------------------------------------------------
// Steps.

const { results, step } = steps();

/** Runs a command in the app; rejects with its output when it fails. */
function inApp(command, args, options = {}) {
  return execFileAsync(command, args, {
    cwd: app,
    maxBuffer: 64 << 20,
    env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1", CI: "1" },
    ...options,
  });
}
const bin = (name) => path.join(app, "node_modules", ".bin", name);

/**
 * A tsconfig over every .d.ts of the installed Tandem packages, with skipLibCheck off: the
 * browser packages (and the mock agent, used from browser apps' tests) with no ambient types at
 * all, `@tandem/server` (Node ≥ 20 only: its handlers take Node's requests) and the mock agent's
 * deprecated `resumable` entry that re-exports them with Node's, the
 * repository's own `@types/node` (the app's test tools would want another major).
 */
function declarationsConfig(resolution, server = false) {
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  const files = walk(path.join(app, "node_modules", "@tandem"))
    .filter((f) => f.endsWith(".d.ts"))
    .map((f) => path.relative(app, f).split(path.sep).join("/"))
    // The mock agent's deprecated `resumable` entry re-exports @tandem/server's Node handlers.
    .filter((f) => /^node_modules\/@tandem\/(server\/|mock-agent\/dist\/resumable\/)/.test(f) === server);
  const name = `tsconfig.declarations.${resolution.toLowerCase()}${server ? ".server" : ""}.json`;
  const compilerOptions = {
    target: "ES2022",
    lib: ["ES2023", "DOM", "DOM.Iterable"],
    module: resolution === "NodeNext" ? "NodeNext" : "ESNext",
    moduleResolution: resolution,
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    types: server ? ["node"] : [],
    ...(server && { typeRoots: [path.join(root, "node_modules", "@types")] }),
  };
  writeFileSync(path.join(app, name), JSON.stringify({ compilerOptions, files }, null, 2));
  return { name, count: files.length };
}

/** First-load JavaScript of a Vite build: the entry chunk and what it imports statically. */
function firstLoad(outDir) {
  const manifest = JSON.parse(readFileSync(path.join(app, outDir, ".vite", "manifest.json"), "utf8"));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const eager = new Set();
  const visit = (key) => {
    if (eager.has(key)) return;
    eager.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  visit(entry);
  const size = (file) => {
    const bytes = readFileSync(path.join(app, outDir, file));
    return { min: bytes.byteLength, gzip: gzipSync(bytes, { level: 9 }).byteLength };
  };
  const sum = (keys) =>
    keys.map((k) => size(manifest[k].file)).reduce((a, b) => ({ min: a.min + b.min, gzip: a.gzip + b.gzip }), { min: 0, gzip: 0 });
  const lazy = Object.keys(manifest)
    .filter((k) => !eager.has(k) && manifest[k].file.endsWith(".js"))
    .map((k) => ({ name: k.replace(/^.*node_modules\//, ""), ...size(manifest[k].file) }));
  return { eager: sum([...eager]), lazy };
}

async function cliRun() {
  const cli = spawn(process.execPath, [bin("tandem-mock"), "--port", "0"], { cwd: app, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const baseUrl = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`tandem-mock printed no URL within 15 s:\n${output}`)), 15_000);
    cli.stdout.on("data", (chunk) => {
      output += chunk;
      const match = /Mock agent on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    cli.stderr.on("data", (chunk) => {
      output += chunk;
    });
    cli.on("exit", (code) => reject(new Error(`tandem-mock exited (${code}) before printing its URL:\n${output}`)));
  });
  return { cli, baseUrl };
}

async function postAsCurl(baseUrl) {
  const response = await fetch(`${baseUrl}/agentic-chat`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "*/*" },
    body: JSON.stringify({
      threadId: "consumer",
      runId: "run-1",
      messages: [{ id: "u1", role: "user", content: "count down" }],
      tools: [],
      context: [],
      state: {},
      forwardedProps: {},
    }),
  });
  const type = response.headers.get("content-type");
  const body = await response.text();
  // Each frame's data line (frames carry an `id:` line too: the mock's streams are resumable).
  const events = body
    .split("\n\n")
    .map((frame) => frame.split("\n").find((line) => line.startsWith("data: ")))
    .filter((line) => line !== undefined)
    .map((line) => JSON.parse(line.slice(6)).type);
  if (response.status !== 200 || type !== "text/event-stream" || events[0] !== "RUN_STARTED" || events.at(-1) !== "RUN_FINISHED") {
    throw new Error(`expected an SSE run, got ${response.status} ${type}:\n${body.slice(0, 500)}`);
  }
  return `${type}: ${events.length} events, ${events[0]} … ${events.at(-1)}`;
}

// ---------------------------------------------------------------------------------------------

console.log(`Consumer test in ${work}`);
let sizes;
let cli;
try {
  let tarballs;
  let versions;
  await step(
    "pack the five packages",
    async () => {
      tarballs = await packPackages(path.join(work, "tarballs"));
      versions = pinned();
      writeApp(tarballs, versions);
      return tarballs.map((t) => path.basename(t.tarball)).join(", ");
    },
    { required: true },
  );
  await step(
    "npm install the tarballs and the pinned registry packages",
    async () => {
      await inApp("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], {
        shell: process.platform === "win32",
      });
      return Object.entries(versions)
        .map(([n, v]) => `${n}@${v}`)
        .join(" ");
    },
    { required: true },
  );
  await step("tsc --noEmit, moduleResolution bundler (the app, its test, the types check)", () =>
    inApp(bin("tsc"), ["-p", "tsconfig.json"]),
  );
  await step("tsc --noEmit, moduleResolution nodenext (Tandem's types are not any)", () =>
    inApp(bin("tsc"), ["-p", "tsconfig.nodenext.json"]),
  );
  await step("Tandem's .d.ts with skipLibCheck off, bundler and nodenext", async () => {
    const counts = [];
    for (const resolution of ["Bundler", "NodeNext"]) {
      for (const server of [false, true]) {
        const { name, count } = declarationsConfig(resolution, server);
        await inApp(bin("tsc"), ["-p", name]);
        if (resolution === "Bundler") counts.push(count);
      }
    }
    return `${counts[0]} declaration files without ambient types, ${counts[1]} of @tandem/server with Node's, and everything they import`;
  });
  await step("vite build", async () => {
    await inApp(bin("vite"), ["build", "--logLevel", "warn"]);
    await inApp(bin("vite"), ["build", "--logLevel", "warn", "--config", "vite.no-react.config.ts"]);
    const withReact = firstLoad("dist");
    const withoutReact = firstLoad("dist-no-react");
    sizes = { withReact: withReact.eager, withoutReact: withoutReact.eager, lazy: withReact.lazy };
    return [
      `first-load JS, React included: ${fmt(withReact.eager.min)} min, ${fmt(withReact.eager.gzip)} min+gzip`,
      `first-load JS, React excluded: ${fmt(withoutReact.eager.min)} min, ${fmt(withoutReact.eager.gzip)} min+gzip`,
      ...withReact.lazy.map((c) => `lazy chunk ${c.name}: ${fmt(c.min)} min, ${fmt(c.gzip)} min+gzip`),
    ].join("\n");
  });
  await step("the docs' SSR sample under plain node (no window, no document)", async () => {
    const { stdout } = await inApp(process.execPath, ["ssr.mjs"]);
    if (!stdout.includes('data-testid="tandem-chat"') || !stdout.includes('aria-label="Message"')) {
      throw new Error(`the rendered HTML has no chat:\n${stdout}`);
    }
    return `${stdout.length} characters of HTML`;
  });
  await step("the docs' startMockAgent test under vitest (no vitest config)", async () => {
    const { stdout } = await inApp(bin("vitest"), ["run", "--reporter=verbose"]);
    if (!/1 passed/.test(stdout)) throw new Error(`vitest ran no passing test:\n${stdout}`);
    return stdout
      .split("\n")
      .find((line) => line.includes("changes the background"))
      ?.trim();
  });
  let baseUrl;
  await step("packed tandem-mock CLI under plain node --port 0; POST with Accept: */* is answered as SSE", async () => {
    ({ cli, baseUrl } = await cliRun());
    return `${baseUrl}: ${await postAsCurl(baseUrl)}`;
  });
  if (baseUrl) {
    await step("lazy files of the published packages load on first use (plain node, against the CLI)", async () => {
      const { stdout } = await inApp(process.execPath, ["lazy.mjs", baseUrl]);
      return stdout.trim();
    });
  }
} catch {
  // a required step failed; reported above
} finally {
  cli?.kill();
  if (keep) console.log(`scratch app kept in ${app}`);
  else rmSync(work, { recursive: true, force: true });
}

const failed = results.filter((r) => !r.ok);
if (sizes) {
  console.log(
    `\nQuick-start app, first-load JS: ${fmt(sizes.withReact.min)} min / ${fmt(sizes.withReact.gzip)} min+gzip with React, ` +
      `${fmt(sizes.withoutReact.min)} min / ${fmt(sizes.withoutReact.gzip)} min+gzip without`,
  );
}
console.log(
  failed.length
    ? `\nconsumer test FAILED (${failed.map((r) => r.label).join("; ")}) in ${seconds(started)}`
    : `\nconsumer test passed (${results.length} steps) in ${seconds(started)}`,
);
process.exit(failed.length || results.length === 0 ? 1 : 0);

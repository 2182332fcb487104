#!/usr/bin/env node
// Next.js test (part of `pnpm test`, after the build): does the App Router app in examples/nextjs,
// installed from Tandem's packed tarballs, build, render the chat on the server, hydrate without
// a warning and stream a reply in Chromium?
//
// Next.js is installed here, into a temp dir, not in the workspace: `pnpm install` stays light.
//   1. packs the five packages and copies examples/nextjs beside them, its @tandem/* dependencies
//      pointed at the tarballs (everything else as the example pins it), then `npm install`;
//   2. starts the packed mock agent and `next build` with AGENT_URL set to it (the page is a
//      Server Component importing AgentProvider and Chat as the README shows; `next build`
//      type-checks it and prerenders it);
//   3. `next start`: the HTML it serves holds the chat (the DOM contract's root, transcript and
//      composer), rendered on the server; a route handler (server code) uses @tandem/core;
//   4. Chromium opens it, waits for React to hydrate the chat, asks for a teal background: the
//      client tool of app/Tools.tsx runs and the reply streams in. Any console error or warning
//      (a hydration mismatch is one) or page error fails the test.
// The README's Next.js block is app/page.tsx, word for word (docs/test/samples.test.ts checks it).
//
//   node scripts/nextjs-test.mjs [--keep]      --keep leaves the scratch app in place
import { execFile, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { chromium } from "playwright-core";
import { packPackages, root } from "./pack-packages.mjs";
import { launchOptions, slowChromium } from "./slow-chromium.mjs";
import { seconds, steps } from "./steps.mjs";

const started = Date.now();
const keep = process.argv.includes("--keep");
const work = mkdtempSync(path.join(os.tmpdir(), "tandem-nextjs-"));
const app = path.join(work, "app");
const example = path.join(root, "examples", "nextjs");
const execFileAsync = promisify(execFile);
const env = { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1", CI: "1", NEXT_TELEMETRY_DISABLED: "1" };
const { results, step } = steps();

const inApp = (command, args, options = {}) => execFileAsync(command, args, { cwd: app, maxBuffer: 64 << 20, env, ...options });
const next = path.join(app, "node_modules", ".bin", "next");

/** The example, with its @tandem/* dependencies taken from the tarballs. */
function copyExample(tarballs) {
  cpSync(example, app, { recursive: true, filter: (src) => !/[\\/](node_modules|\.next)$/.test(src) });
  const manifestPath = path.join(app, "package.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  for (const { name, tarball } of tarballs) {
    // All five as dependencies, so @tandem/ui's dependency on @tandem/react resolves to the tarball too.
    delete manifest.devDependencies?.[name];
    manifest.dependencies[name] = `file:${tarball}`;
  }
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** `next start` on a free port; resolves once it answers. */
async function nextStart() {
  const port = await freePort();
  const server = spawn(next, ["start", "-p", String(port), "-H", "127.0.0.1"], { cwd: app, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  server.stdout.on("data", (chunk) => {
    output += chunk;
  });
  server.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((_, reject) => server.on("exit", (code) => reject(new Error(`next start exited (${code}):\n${output}`))));
  const ready = (async () => {
    for (;;) {
      try {
        const response = await fetch(url);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  const timeout = new Promise((_, reject) =>
    setTimeout(() => reject(new Error(`next start did not answer within 60 s:\n${output}`)), 60_000),
  );
  await Promise.race([ready, exited, timeout]);
  return { server, url };
}

async function driveInChromium(url) {
  // Chromium's CPU 4× slower, as every browser test here must pass (a CPU cgroup per renderer, or DevTools' throttling).
  const slow = slowChromium(4);
  const browser = await chromium.launch(launchOptions(slow));
  try {
    const page = await browser.newPage();
    const problems = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(`console.${message.type()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    const workers = [];
    page.on("worker", (worker) => workers.push(worker));
    await slow.slowPage(page);
    await page.goto(url);
    // Hydrated: React has attached its fiber to the server-rendered chat root.
    await page.waitForFunction(() => {
      const chat = document.querySelector('[data-testid="tandem-chat"]');
      return chat !== null && Object.keys(chat).some((key) => key.startsWith("__reactFiber"));
    });
    // The follow-up reply is held after "now" until the Markdown worker has started: a streaming reply's
    // open block is parsed off the page's thread, however fast or loaded the machine (no timing).
    const held = agent.hold((event) => event.type === "TEXT_MESSAGE_CONTENT" && String(event.delta).startsWith("now"));
    const markdownWorker = page
      .waitForEvent("worker", {
        predicate: async (worker) => (await worker.evaluate(() => self.name).catch(() => "")) === "tandem-markdown",
        timeout: 60_000,
      })
      .catch(() => undefined);
    const box = page.getByRole("textbox", { name: "Message" });
    await box.fill("make the background teal");
    await box.press("Enter");
    await page.locator('[data-testid="tandem-chat"][data-running="true"]').waitFor();
    await held.reached;
    await page.locator('[data-testid="message"][data-role="assistant"]', { hasText: "The background is now" }).waitFor();
    const started = await markdownWorker;
    held.release();
    if (!started) problems.push(`the Markdown parser's worker did not run while the reply streamed (workers: ${workers.length})`);
    const reply = page.locator('[data-testid="message"][data-role="assistant"]', { hasText: "The background is now teal" });
    await reply.waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="tandem-chat"][data-running="false"]').waitFor();
    const background = await page.evaluate(() => document.body.style.background);
    if (background !== "teal") problems.push(`the client tool did not run: body background is "${background}"`);
    if (problems.length) throw new Error(problems.join("\n"));
    return `reply: ${((await reply.textContent()) ?? "").trim()}; Markdown parsed in a worker (${workers.length} started)`;
  } finally {
    await browser.close();
    slow.close();
  }
}

console.log(`Next.js test in ${work}`);
let agent;
let server;
try {
  await step(
    "pack the five packages, copy examples/nextjs, npm install",
    async () => {
      const tarballs = await packPackages(path.join(work, "tarballs"));
      copyExample(tarballs);
      await inApp("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"]);
      const { version } = JSON.parse(readFileSync(path.join(app, "node_modules", "next", "package.json"), "utf8"));
      return `next@${version}`;
    },
    { required: true },
  );
  const mock = await import(pathToFileURL(path.join(app, "node_modules", "@tandem", "mock-agent", "dist", "index.js")).href);
  // The reply is held mid-stream in driveInChromium, so its growth is parsed in the worker (the text as it
  // ends is drawn on the page, in the render that marks it complete).
  agent = await mock.startMockAgent({ tokenDelayMs: 15 });
  env.AGENT_URL = `${agent.baseUrl}/agentic-chat`;
  await step("next build (type-checks and prerenders the Server Component page)", () => inApp(next, ["build"]), { required: true });
  let url;
  await step(
    "next start; the served HTML holds the chat, rendered on the server",
    async () => {
      ({ server, url } = await nextStart());
      const html = await (await fetch(url)).text();
      for (const mark of ['data-testid="tandem-chat"', 'role="log"', 'aria-label="Message"']) {
        if (!html.includes(mark)) throw new Error(`the served HTML has no ${mark}:\n${html.slice(0, 2000)}`);
      }
      const version = await (await fetch(`${url}/api/recording-version`)).json();
      if (version.recordingVersion !== 1 || version.threads !== 0) throw new Error(`the route handler answered ${JSON.stringify(version)}`);
      return `${html.length} characters of HTML; a route handler uses @tandem/core: ${JSON.stringify(version)}`;
    },
    { required: true },
  );
  await step("Chromium (CPU 4× slower): hydrates without a warning, runs the client tool, streams the reply", () => driveInChromium(url));
} catch {
  // a required step failed; reported above
} finally {
  server?.kill();
  await agent?.close();
  if (keep) console.log(`scratch app kept in ${app}`);
  else rmSync(work, { recursive: true, force: true });
}

const failed = results.filter((r) => !r.ok);
console.log(
  failed.length
    ? `\nNext.js test FAILED (${failed.map((r) => r.label).join("; ")}) in ${seconds(started)}`
    : `\nNext.js test passed (${results.length} steps) in ${seconds(started)}`,
);
process.exit(failed.length || results.length === 0 ? 1 : 0);

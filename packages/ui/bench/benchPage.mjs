// Opens the `tandem-ui` page of a built copy of the shared bench (shared/bench, beside the repository) in Debian's Chromium, with the
// bench's scripted agent behind it. Shared by the trace scripts here; not a test.
//
//   cp -r <shared folder>/bench /tmp/bench && (cd /tmp/bench && npm ci && TANDEM_DIR=$PWD/.. node build.mjs tandem-ui)
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The page at `H` earlier messages and a `T`-token Markdown reply, paced 1 ms a token; `close`
 * ends it all. `kit` is the page's folder in the copy's dist (another build of the same page).
 * `isolated` serves it cross-origin isolated, so `performance.now()` (the Profiler's commit
 * durations) is timed to 5 µs instead of 100. `init` runs in the page before its own scripts.
 */
export async function openBenchPage(benchDir, { H, T, usage, kit = "tandem-ui", isolated = false, init }) {
  if (!benchDir) throw new Error(usage);
  const bench = path.resolve(benchDir);
  const { chromium } = createRequire(path.join(bench, "package.json"))("playwright-core");

  const agent = spawn(process.execPath, [path.join(bench, "server.mjs"), "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  const agentUrl = await new Promise((resolve) => {
    let out = "";
    agent.stdout.on("data", (d) => {
      out += d;
      const line = out.split("\n").find((l) => l.includes("listening"));
      if (line) resolve(JSON.parse(line).listening);
    });
  });
  const pages = http.createServer((req, res) => {
    const file = path.resolve(bench, "dist", `.${decodeURIComponent(new URL(req.url, "http://x").pathname)}`);
    if (!fs.existsSync(file) || !fs.statSync(file).isFile()) return void res.writeHead(404).end();
    res.writeHead(200, {
      "content-type": file.endsWith(".js") ? "text/javascript" : file.endsWith(".css") ? "text/css" : "text/html",
      ...(isolated && { "cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp" }),
    });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => pages.listen(0, "127.0.0.1", resolve));

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  if (init) await page.addInitScript(init);
  await page.goto(
    `http://127.0.0.1:${pages.address().port}/${kit}/index.html?server=${encodeURIComponent(agentUrl)}&H=${H}&T=${T}&gap=1&md=1`,
  );
  const close = async () => {
    await browser.close();
    agent.kill();
    pages.close();
  };
  return { page, close };
}

/**
 * One run of the bench page after a warm-up run, traced with `categories`: the run's figures and
 * the trace's events.
 */
export async function tracedRun(page, categories) {
  await page.waitForFunction(() => window.__bench);
  await page.evaluate(() => window.__bench.ready);
  await page.evaluate(() => window.__bench.run(120_000)); // warm-up
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on("Tracing.dataCollected", (e) => events.push(...e.value));
  const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.start", { categories, transferMode: "ReportEvents" });
  const run = await page.evaluate(() => window.__bench.run(120_000));
  await cdp.send("Tracing.end");
  await complete;
  return { run, events };
}

/** The `p` quantile of `xs`. */
export const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;

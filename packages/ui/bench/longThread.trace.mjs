// Opening a long stored thread in <Chat> (Chromium, Tandem's stylesheet): the time from choosing
// it in <ThreadList> until its latest message is on screen, then a scroll to its start, a screen
// a frame (frames per second, slowest frames), and find-in-page's reach (the first message's text
// is in the DOM). Bundles longThread.page.tsx with esbuild against the built packages (run
// `npx -y pnpm@10 build` first). Not a test: prints figures.
//
//   node packages/ui/bench/longThread.trace.mjs [messages=5000] [runs=3]
import http from "node:http";
import path from "node:path";
import { build } from "esbuild";
import { chromium } from "playwright-core";
import { pct } from "./benchPage.mjs";

const [n = "5000", runs = "3"] = process.argv.slice(2);
const here = import.meta.dirname;
const out = await build({
  entryPoints: [path.join(here, "longThread.page.tsx")],
  bundle: true,
  format: "esm",
  minify: !process.env.PROFILE,
  write: false,
  outdir: "out",
  splitting: true,
  jsx: "automatic",
  define: { "process.env.NODE_ENV": '"production"' },
  loader: { ".css": "css" },
  logLevel: "error",
});
const files = new Map(out.outputFiles.map((f) => [`/${path.basename(f.path)}`, f.contents]));
const css = path.resolve(here, "../dist/styles.css");
const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="stylesheet" href="/styles.css"></head>
<body style="margin:0"><div id="root"></div><script type="module" src="/longThread.page.js"></script></body></html>`;
const fs = await import("node:fs");
const server = http.createServer((req, res) => {
  const url = new URL(req.url, "http://x").pathname;
  if (url === "/" || url === "/index.html") return void res.writeHead(200, { "content-type": "text/html" }).end(html);
  if (url === "/styles.css") return void res.writeHead(200, { "content-type": "text/css" }).end(fs.readFileSync(css));
  const file = files.get(url);
  if (!file) return void res.writeHead(404).end();
  res.writeHead(200, { "content-type": "text/javascript" }).end(file);
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });

const results = [];
for (let run = 0; run < Number(runs); run++) {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/?n=${n}`);
  const item = page.locator('[data-testid="thread-item"]', { hasText: "Long thread" });
  await item.waitFor();
  // The Markdown renderer is loaded (the short thread's rows show it) before the long thread is chosen.
  await page.waitForFunction(() => document.querySelectorAll(".tandem-markdown--plain").length === 0);
  const last = `long-${Number(n) - 1}`;
  const cdp = process.env.PROFILE ? await page.context().newCDPSession(page) : undefined;
  if (cdp) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
  }
  const open = await page.evaluate(async (lastId) => {
    const item = [...document.querySelectorAll('[data-testid="thread-item"]')].find((b) => b.textContent.includes("Long thread"));
    const frame = () => new Promise(requestAnimationFrame);
    const t0 = performance.now();
    item.click();
    for (;;) {
      await frame();
      const row = document.querySelector(`[data-message-id="${lastId}"]`);
      const log = document.querySelector('[role="log"]');
      if (!row || !log) continue;
      const r = row.getBoundingClientRect();
      const v = log.getBoundingClientRect();
      if (r.bottom > v.top && r.top < v.bottom) break;
    }
    await frame(); // drawn
    return performance.now() - t0;
  }, last);
  if (cdp) printProfile((await cdp.send("Profiler.stop")).profile);
  const scroll = await page.evaluate(async () => {
    const log = document.querySelector('[role="log"]');
    const frame = () => new Promise(requestAnimationFrame);
    const times = [await frame()];
    while (log.scrollTop > 0) {
      log.scrollTop -= log.clientHeight;
      times.push(await frame());
    }
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    return { frames: gaps.length, ms: times.at(-1) - times[0], gaps };
  });
  const first = await page.evaluate(() => document.querySelectorAll('[data-testid="message"]').length);
  const inDom = await page.evaluate(() => document.body.textContent.includes("#0 "));
  await page.context().close();
  results.push({ open, ...scroll, rows: first, inDom });
  const fps = (scroll.frames * 1000) / scroll.ms;
  console.log(
    `run ${run + 1}: latest on screen ${Math.round(open)} ms after choosing; scroll to start: ${scroll.frames} frames in ${Math.round(scroll.ms)} ms = ${fps.toFixed(1)} fps, ` +
      `p95 frame ${pct(scroll.gaps, 0.95).toFixed(1)} ms, max ${Math.max(...scroll.gaps).toFixed(1)} ms, frames over 20 ms ${scroll.gaps.filter((g) => g > 20).length}; ` +
      `${first} rows in the DOM, first message findable: ${inDom}`,
  );
}
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `median of ${runs}: latest on screen ${Math.round(med(results.map((r) => r.open)))} ms; scroll ${med(results.map((r) => (r.frames * 1000) / r.ms)).toFixed(1)} fps`,
);
await browser.close();
server.close();

/** With PROFILE=1: the functions that took the most time while the thread opened (inclusive). */
function printProfile(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const total = new Map();
  profile.samples.forEach((sample, i) => {
    const seen = new Set();
    for (let id = sample; id !== undefined; id = parent.get(id)) {
      const f = byId.get(id).callFrame;
      const key = `${f.functionName || "(anonymous)"} ${path.basename(f.url)}:${f.lineNumber}`;
      if (!seen.has(key)) total.set(key, (total.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
      seen.add(key);
    }
  });
  for (const [key, ms] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${ms.toFixed(1).padStart(9)} ms  ${key}`);
}

// Two builds of Tandem's <Chat> page from the shared bench (../shared/bench, pages/tandem-ui),
// open in one Chromium, their runs interleaved: the commits' durations of each, timed to 5 µs
// (the pages are served cross-origin isolated; the bench's own pages get 100 µs), so that a
// change's effect on p95 is not lost in the bench's rounding and in the machine's noise between
// two runner invocations. Not a test: prints figures.
//
//   # in a copy of the shared bench (cp -r ../shared/bench /tmp/x && cd /tmp/x/bench && npm ci)
//   TANDEM_DIR=<checkout A> node build.mjs tandem-ui && mv dist/tandem-ui dist/a
//   TANDEM_DIR=<checkout B> node build.mjs tandem-ui && mv dist/tandem-ui dist/b
//   node <this repo>/packages/ui/bench/sharedBenchAB.mjs <bench dir> a b [runs=6] [T=10000] [H=10]
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { pct } from "./benchPage.mjs";

const [benchDir, a, b, runs = "6", T = "10000", H = "10"] = process.argv.slice(2);
if (!benchDir || !a || !b) throw new Error("usage: sharedBenchAB.mjs <bench dir> <dist page A> <dist page B> [runs] [T] [H]");
const bench = path.resolve(benchDir);
const { chromium } = createRequire(path.join(bench, "package.json"))("playwright-core");

const server = spawn(process.execPath, [path.join(bench, "server.mjs"), "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
const agentUrl = await new Promise((resolve) => {
  let out = "";
  server.stdout.on("data", (chunk) => {
    out += chunk;
    const line = out.split("\n").find((l) => l.includes("listening"));
    if (line) resolve(JSON.parse(line).listening);
  });
});
const TYPES = { ".js": "text/javascript", ".css": "text/css", ".html": "text/html" };
const pages = http.createServer((req, res) => {
  const file = path.resolve(bench, "dist", `.${decodeURIComponent(new URL(req.url, "http://x").pathname)}`);
  if (!file.startsWith(path.join(bench, "dist")) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
    res.writeHead(404);
    res.end();
    return;
  }
  res.writeHead(200, {
    "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-embedder-policy": "require-corp",
  });
  fs.createReadStream(file).pipe(res);
});
await new Promise((resolve) => pages.listen(0, "127.0.0.1", resolve));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});

const open = {};
for (const name of [a, b]) {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const query = `server=${encodeURIComponent(agentUrl)}&H=${H}&T=${T}&gap=1&md=1`;
  await page.goto(`http://127.0.0.1:${pages.address().port}/${name}/index.html?${query}`);
  await page.waitForFunction(() => window.__bench);
  await page.evaluate(() => window.__bench.ready);
  await page.evaluate(() => window.__bench.run(120_000)); // warm-up
  open[name] = { page, runs: [] };
}
for (let run = 0; run < Number(runs); run++) {
  for (const name of run % 2 ? [b, a] : [a, b]) open[name].runs.push(await open[name].page.evaluate(() => window.__bench.run(120_000)));
}
for (const name of [a, b]) {
  const { runs: done } = open[name];
  const all = done.flatMap((r) => r.durations);
  const mean = all.reduce((sum, d) => sum + d, 0) / all.length;
  console.log(
    `${name}: ${all.length} commits, mean ${mean.toFixed(3)} ms, p50 ${pct(all, 0.5).toFixed(2)}, p90 ${pct(all, 0.9).toFixed(2)}, ` +
      `p95 ${pct(all, 0.95).toFixed(2)}; per run p95 ${done.map((r) => r.p95).join(", ")}, Σcommit ${done.map((r) => Math.round(r.actual)).join(", ")} ms`,
  );
}
await browser.close();
pages.close();
server.kill();

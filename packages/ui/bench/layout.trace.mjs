// The browser's side of a streamed reply in `<Chat>` with Tandem's stylesheet: style, layout,
// pre-paint and paint per frame, from a Chromium trace. Not a test: prints figures.
//
// It drives the `tandem-ui` page of a built copy of ../shared/bench (whose page loads no
// stylesheet, so this adds packages/ui/dist/styles.css and gives the chat the window's height):
//
//   cp -r ../shared/bench /tmp/bench && (cd /tmp/bench && npm ci && TANDEM_DIR=$PWD/.. node build.mjs tandem-ui)
//   node packages/ui/bench/layout.trace.mjs /tmp/bench [H=1000] [T=10000]
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";

const [benchDir, H = "1000", T = "10000"] = process.argv.slice(2);
if (!benchDir) throw new Error("usage: node packages/ui/bench/layout.trace.mjs <built copy of ../shared/bench> [H] [T]");
const bench = path.resolve(benchDir);
const { chromium } = createRequire(path.join(bench, "package.json"))("playwright-core");
const styles = path.resolve(import.meta.dirname, "../dist/styles.css");

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
  res.writeHead(200, { "content-type": file.endsWith(".js") ? "text/javascript" : file.endsWith(".css") ? "text/css" : "text/html" });
  fs.createReadStream(file).pipe(res);
});
await new Promise((resolve) => pages.listen(0, "127.0.0.1", resolve));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
await page.goto(
  `http://127.0.0.1:${pages.address().port}/tandem-ui/index.html?server=${encodeURIComponent(agentUrl)}&H=${H}&T=${T}&gap=1&md=1`,
);
await page.addStyleTag({ path: styles });
await page.evaluate(() => {
  document.body.style.margin = "0";
  document.getElementById("root").style.height = "100vh";
});
await page.waitForFunction(() => window.__bench);
await page.evaluate(() => window.__bench.ready);
await page.evaluate(() => window.__bench.run(120000)); // warm-up

const cdp = await page.context().newCDPSession(page);
const events = [];
cdp.on("Tracing.dataCollected", (e) => events.push(...e.value));
const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
await cdp.send("Tracing.start", { categories: "devtools.timeline", transferMode: "ReportEvents" });
const run = await page.evaluate(() => window.__bench.run(120000));
await cdp.send("Tracing.end");
await complete;
await browser.close();
agent.kill();
pages.close();

const ms = (name) => events.filter((e) => e.ph === "X" && e.name === name).map((e) => e.dur / 1000);
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;
console.log(`H=${H} T=${T}: ${run.commits} commits in ${Math.round(run.wall)} ms`);
for (const [label, name] of [
  ["style", "UpdateLayoutTree"],
  ["layout", "Layout"],
  ["pre-paint", "PrePaint"],
  ["paint", "Paint"],
]) {
  const xs = ms(name);
  const sum = xs.reduce((a, b) => a + b, 0);
  console.log(
    `${label.padEnd(9)} total ${Math.round(sum)} ms, per frame p50 ${pct(xs, 0.5).toFixed(2)} ms, p95 ${pct(xs, 0.95).toFixed(2)} ms`,
  );
}

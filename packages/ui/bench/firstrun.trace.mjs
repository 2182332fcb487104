// The first run on a fresh `<Chat>` page: the thread's earlier messages arrive in the run's
// snapshot and mount while the reply streams. Prints that run's figures, how many replies were
// still plain text (the Markdown renderer's fallback) when it ended, and how long and how much
// main-thread time it took until none was. Not a test: prints figures.
//
//   node packages/ui/bench/firstrun.trace.mjs <built copy of the shared bench> [H=1000] [T=10000] [kit=tandem-ui]
// (benchPage.mjs says how to build the copy; `kit` names another build of the page in its dist.)
import { openBenchPage, pct } from "./benchPage.mjs";

const [benchDir, H = "1000", T = "10000", kit = "tandem-ui"] = process.argv.slice(2);
const usage = "usage: node packages/ui/bench/firstrun.trace.mjs <built copy of the shared bench> [H] [T] [kit]";
const { page, close } = await openBenchPage(benchDir, { H, T, usage, kit });
await page.waitForFunction(() => window.__bench);
await page.evaluate(() => window.__bench.ready);

const cdp = await page.context().newCDPSession(page);
await cdp.send("Performance.enable");
const cpuMs = async () => (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "TaskDuration").value * 1000;
const plainReplies = () => page.evaluate(() => document.querySelectorAll(".tandem-markdown--plain").length);

const before = await cpuMs();
const run = await page.evaluate(() => window.__bench.run(120000));
const atEnd = await cpuMs();
const plain = await plainReplies();
const started = Date.now();
await page.waitForFunction(() => document.querySelectorAll(".tandem-markdown--plain").length === 0, null, { timeout: 60000, polling: 20 });
const formatted = Date.now() - started;
await new Promise((resolve) => setTimeout(resolve, 300));
const after = await cpuMs();
await close();

console.log(
  `H=${H} T=${T}, first run: first token ${Math.round(run.first)} ms, ${run.commits} commits, Σcommit ${Math.round(run.actual)} ms, ` +
    `p95 commit ${pct(run.durations, 0.95)} ms, main thread ${Math.round(atEnd - before)} ms`,
);
console.log(
  `replies still plain at its end: ${plain}; all Markdown ${formatted} ms later, ${Math.round(after - atEnd)} ms more main thread`,
);

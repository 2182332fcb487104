// Two builds of Tandem's <Chat> page from the shared bench (../shared/bench, pages/tandem-ui),
// open at once and their runs interleaved: the commits' durations of each, timed to 5 µs (the
// pages are served cross-origin isolated; the bench's own pages get 100 µs), so that a change's
// effect on p95 is not lost in the bench's rounding and in the machine's noise between two
// runner invocations. Not a test: prints figures.
//
//   # in a copy of the shared bench (cp -r ../shared/bench /tmp/x && cd /tmp/x/bench && npm ci)
//   TANDEM_DIR=<checkout A> node build.mjs tandem-ui && mv dist/tandem-ui dist/a
//   TANDEM_DIR=<checkout B> node build.mjs tandem-ui && mv dist/tandem-ui dist/b
//   node <this repo>/packages/ui/bench/sharedBenchAB.mjs <bench dir> a b [runs=6] [T=10000] [H=10]
import { openBenchPage, pct } from "./benchPage.mjs";

const usage = "usage: sharedBenchAB.mjs <bench dir> <dist page A> <dist page B> [runs] [T] [H]";
const [benchDir, a, b, runs = "6", T = "10000", H = "10"] = process.argv.slice(2);
if (!a || !b) throw new Error(usage);

const open = {};
for (const kit of [a, b]) {
  const { page, close } = await openBenchPage(benchDir, { H, T, usage, kit, isolated: true });
  await page.waitForFunction(() => window.__bench);
  await page.evaluate(() => window.__bench.ready);
  await page.evaluate(() => window.__bench.run(120_000)); // warm-up
  open[kit] = { page, close, runs: [] };
}
for (let run = 0; run < Number(runs); run++) {
  for (const kit of run % 2 ? [b, a] : [a, b]) open[kit].runs.push(await open[kit].page.evaluate(() => window.__bench.run(120_000)));
}
for (const kit of [a, b]) {
  const { runs: done, close } = open[kit];
  const all = done.flatMap((r) => r.durations);
  const mean = all.reduce((sum, d) => sum + d, 0) / all.length;
  console.log(
    `${kit}: ${all.length} commits, mean ${mean.toFixed(3)} ms, p50 ${pct(all, 0.5).toFixed(2)}, p90 ${pct(all, 0.9).toFixed(2)}, ` +
      `p95 ${pct(all, 0.95).toFixed(2)}; per run p95 ${done.map((r) => r.p95).join(", ")}, Σcommit ${done.map((r) => Math.round(r.actual)).join(", ")} ms`,
  );
  await close();
}

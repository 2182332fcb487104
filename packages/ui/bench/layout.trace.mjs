// The browser's side of a streamed reply in `<Chat>` with Tandem's stylesheet: style, layout,
// pre-paint and paint per frame, from a Chromium trace. Not a test: prints figures.
//
// It drives the `tandem-ui` page of a built copy of the shared bench (whose page loads no
// stylesheet, so this adds packages/ui/dist/styles.css and gives the chat the window's height;
// benchPage.mjs says how to build it):
//
//   node packages/ui/bench/layout.trace.mjs /tmp/bench [H=1000] [T=10000]
import path from "node:path";
import { openBenchPage, pct, tracedRun } from "./benchPage.mjs";

const [benchDir, H = "1000", T = "10000"] = process.argv.slice(2);
const usage = "usage: node packages/ui/bench/layout.trace.mjs <built copy of the shared bench> [H] [T]";
const { page, close } = await openBenchPage(benchDir, { H, T, usage });
const styles = path.resolve(import.meta.dirname, "../dist/styles.css");
await page.addStyleTag({ path: styles });
await page.evaluate(() => {
  document.body.style.margin = "0";
  document.getElementById("root").style.height = "100vh";
});
const { run, events } = await tracedRun(page, "devtools.timeline");
await close();

const ms = (name) => events.filter((e) => e.ph === "X" && e.name === name).map((e) => e.dur / 1000);
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

// What React renders in each commit of a streamed reply, and for how long: each commit's
// components (through React's DevTools hook, so no build of the page changes) with their own
// render time (`selfBaseDuration`, which the page's profiling build of React keeps), summed per
// commit. Prints the distribution of a commit's render time, what the median commit and the
// slowest tenth spend it on, and the commits by what they did to the reply (a block started, or
// the open one grew). A key is typed every 100 ms, as the bench's `--type` does. Names are the
// components' own in an unminified build of the page (the bench's `build.mjs` with `minify` off);
// in a minified one they are the bundler's. Not a test: prints figures.
//
//   node packages/ui/bench/commits.trace.mjs <built copy of the shared bench> [kit=tandem-ui] [H=10] [T=10000]
// (benchPage.mjs says how to build the copy.)
import { openBenchPage, pct } from "./benchPage.mjs";

const [benchDir, kit = "tandem-ui", H = "10", T = "10000"] = process.argv.slice(2);
const usage = "usage: node packages/ui/bench/commits.trace.mjs <built copy of the shared bench> [kit] [H] [T]";

/** In the page: a DevTools hook that records each commit's rendered components once `window.__recording` is set. */
function recordCommits() {
  const nameOf = (fiber) => {
    const type = fiber.type;
    if (!type) return `#${fiber.tag}`;
    if (typeof type === "string") return type;
    return type.displayName || type.name || type.render?.name || type.type?.name || "(anonymous)";
  };
  window.__commits = [];
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
    onCommitFiberRoot(_id, root) {
      if (!window.__recording) return;
      const own = {};
      let total = 0;
      const visit = (first) => {
        for (let fiber = first; fiber; fiber = fiber.sibling) {
          const before = fiber.alternate;
          // Mounted, or rendered in this commit (React's PerformedWork flag); text and the root are not components.
          const rendered = !before || (fiber.flags & 1) === 1;
          if (rendered && fiber.tag !== 3 && fiber.tag !== 6) {
            const name = nameOf(fiber);
            own[name] = (own[name] ?? 0) + (fiber.selfBaseDuration ?? 0);
            total += fiber.selfBaseDuration ?? 0;
          }
          // A subtree React bailed out of keeps its children from before: nothing in it rendered.
          if (fiber.child && !(before && before.child === fiber.child && !rendered)) visit(fiber.child);
        }
      };
      visit(root.current.child);
      const replies = document.querySelectorAll(".tandem-markdown");
      const reply = replies[replies.length - 1];
      let blocks = 0;
      for (const group of reply?.children ?? []) blocks += group.children.length;
      window.__commits.push({ total, own, blocks });
    },
  };
}

const { page, close } = await openBenchPage(benchDir, { H, T, usage, kit, init: recordCommits });
await page.waitForFunction(() => window.__bench);
await page.evaluate(() => window.__bench.ready);
await page.evaluate(() => window.__bench.run(120_000)); // warm-up
await page.evaluate(() => {
  window.__commits = [];
  window.__recording = true;
});
await page.focus("[data-bench-probe]");
let typing = true;
const keys = (async () => {
  while (typing) {
    await page.keyboard.press("a");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
})();
const run = await page.evaluate(() => window.__bench.run(120_000));
typing = false;
await keys;
const commits = await page.evaluate(() => window.__commits);
await close();

const totals = commits.map((c) => c.total);
const f = (x) => x.toFixed(2);
console.log(`${kit} H=${H} T=${T}: ${commits.length} commits; the Profiler's p95 a frame ${run.frameP95} ms`);
console.log(`a commit's own render time, ms: p50 ${f(pct(totals, 0.5))}, p90 ${f(pct(totals, 0.9))}, p95 ${f(pct(totals, 0.95))}`);
/** Average own time a commit by component, over `list`. */
const byComponent = (list) => {
  const sums = {};
  for (const c of list) for (const [name, ms] of Object.entries(c.own)) sums[name] = (sums[name] ?? 0) + ms;
  return Object.entries(sums)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([name, ms]) => `${name} ${f(ms / list.length)}`)
    .join(", ");
};
const slow = pct(totals, 0.9);
console.log(`a commit below p90, ms: ${byComponent(commits.filter((c) => c.total < slow))}`);
console.log(`a commit at p90 or above, ms: ${byComponent(commits.filter((c) => c.total >= slow))}`);
const kinds = { "a block started": [], "the open block grew": [] };
for (let i = 1; i < commits.length; i++)
  kinds[commits[i].blocks > commits[i - 1].blocks ? "a block started" : "the open block grew"].push(commits[i].total);
for (const [kind, xs] of Object.entries(kinds))
  if (xs.length > 0) console.log(`${kind}: ${xs.length} commits, p50 ${f(pct(xs, 0.5))}, p90 ${f(pct(xs, 0.9))} ms`);

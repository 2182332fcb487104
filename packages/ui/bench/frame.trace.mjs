// The main thread of a bench page while a reply streams, from a Chromium trace: its time split by
// kind (script, style, layout, pre-paint, paint, composite, GC, the rest), over the whole run and
// per frame (the task that runs a frame's animation callbacks and draws it), and how many tasks
// of which kind the run took. Any page of the copy's dist (`tandem-ui`, `copilotkit-md`, …), so
// two kits are read the same way. A trace costs time of its own: read shares and ratios, not totals.
// Not a test: prints figures.
//
//   node packages/ui/bench/frame.trace.mjs <built copy of the shared bench> [kit=tandem-ui] [H=10] [T=10000]
// (benchPage.mjs says how to build the copy.) With TRACE_DUMP=<file>, the trace's events are written there too.
import { openBenchPage, tracedRun } from "./benchPage.mjs";

const [benchDir, kit = "tandem-ui", H = "10", T = "10000"] = process.argv.slice(2);
const usage = "usage: node packages/ui/bench/frame.trace.mjs <built copy of the shared bench> [kit] [H] [T]";
const { page, close } = await openBenchPage(benchDir, { H, T, usage, kit });
const { run, events } = await tracedRun(page, "toplevel,devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-v8.gc");
await close();
if (process.env.TRACE_DUMP) (await import("node:fs")).writeFileSync(process.env.TRACE_DUMP, JSON.stringify(events));

/** What kind of work an event is, by its name; null: the kind of the event it runs inside. */
function kindOf(name) {
  if (name === "MinorGC" || name === "MajorGC" || /^V8\.GC|^BlinkGC/.test(name)) return "gc";
  if (/^(FunctionCall|EvaluateScript|v8\.|V8\.|RunMicrotasks|FireAnimationFrame|TimerFire|EventDispatch|HandlePostMessage)/.test(name))
    return "script";
  if (name === "BlinkScheduler_PerformMicrotaskCheckpoint") return "script";
  if (name === "UpdateLayoutTree" || name === "ParseAuthorStyleSheet") return "style";
  if (name === "Layout") return "layout";
  if (name === "PrePaint") return "pre-paint";
  if (name === "Paint" || name === "PaintImage") return "paint";
  if (name === "Layerize" || name === "Commit" || name === "UpdateLayer") return "composite";
  if (name === "IntersectionObserverController::computeIntersections") return "intersections";
  return null;
}

// The renderer's main thread: the thread named CrRendererMain with the most events.
const names = new Map(events.filter((e) => e.ph === "M" && e.name === "thread_name").map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
const counts = new Map();
for (const e of events) counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
const main = [...counts].filter(([t]) => names.get(t) === "CrRendererMain").sort((a, b) => b[1] - a[1])[0][0];
const slices = events
  .filter((e) => e.ph === "X" && e.dur !== undefined && `${e.pid}:${e.tid}` === main)
  .sort((a, b) => a.ts - b.ts || b.dur - a.dur);

// Nest the slices, then give each its self time under its own kind or the nearest enclosing one.
const tasks = [];
const stack = [];
for (const e of slices) {
  while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
  e.kids = [];
  if (stack.length) stack.at(-1).kids.push(e);
  else tasks.push(e);
  stack.push(e);
}
function addSelf(e, into, inherited = "other") {
  const kind = kindOf(e.name) ?? inherited;
  into[kind] = (into[kind] ?? 0) + (e.dur - e.kids.reduce((sum, k) => sum + k.dur, 0)) / 1000;
  for (const k of e.kids) addSelf(k, into, kind);
}
const has = (e, name) => e.name === name || e.kids.some((k) => has(k, name));
const frames = tasks.filter((t) => has(t, "FireAnimationFrame") || has(t, "ProxyMain::BeginMainFrame"));
const all = {};
for (const t of tasks) addSelf(t, all);
const perFrame = {};
for (const f of frames) addSelf(f, perFrame);
const layouts = slices.filter((e) => e.name === "Layout");

const ms = (x) => x.toFixed(1);
const total = tasks.reduce((sum, t) => sum + t.dur, 0) / 1000;
console.log(`${kit} H=${H} T=${T}: ${run.commits} React commits in ${Math.round(run.wall)} ms (traced)`);
console.log(
  `main thread: ${ms(total)} ms in ${tasks.length} tasks, of them ${frames.length} frames (${ms(frames.reduce((s, f) => s + f.dur, 0) / 1000)} ms); ${layouts.length} layouts`,
);
console.log("| kind | whole run, ms | share | per frame, ms |");
console.log("|---|---:|---:|---:|");
for (const [kind, v] of Object.entries(all).sort((a, b) => b[1] - a[1]))
  console.log(`| ${kind} | ${ms(v)} | ${((100 * v) / total).toFixed(0)}% | ${((perFrame[kind] ?? 0) / frames.length).toFixed(3)} |`);

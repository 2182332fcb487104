/**
 * Streams 2,000 text tokens into a thread holding 10, then 1,000, earlier messages, through
 * @tandem/core + @tandem/react rendered in jsdom, and through bare @ag-ui/client for the floor,
 * all from the same SSE bytes. Loaded by stream.bench.tsx; BENCHMARKS.md says how to read it.
 *
 * Variants (each run measured from runAgent() to its end plus one macrotask):
 *   kit             AgentClient + <AgentProvider client> + list/rows/status, rendered
 *   core            the same AgentClient run with nothing rendered (splits kit cost: core | React)
 *   floor:runAgent  HttpAgent.runAgent() with agent.messages preloaded (the official client's path)
 *   floor:events    the validated event stream alone (what the kit subscribes to), no reducer
 * Deliveries: burst (as fast as read, macrotask yields), paced (1 token/ms; costs are CPU time).
 * Each burst variant also streams a single token ("1-token:<variant>"), in the same round, to
 * split its cost into what a run costs whatever its length and what each token adds.
 *
 * Options: --runs N (burst rounds, default 15)  --warmup N (default 5)
 *          --paced-runs N (paced rounds, default 7; 0 skips)  --json FILE (raw samples)
 *          --only REGEX (variants, e.g. '^kit$')  --sizes 10,1000  --tokens N
 *          --cpu-prof PREFIX (a V8 CPU profile of every timed window)
 *   env    BENCH_REACT=profiling (react-dom's profiling build, where <Profiler onRender> fires)
 *          BENCH_LIST=flat (one flat list instead of the kit's blocks of 50, for comparison)
 */

import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { cpus } from "node:os";
import { performance as nodePerformance, PerformanceObserver } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { AgentClient, type Message } from "@tandem/core";
import { BENCH_URL, floorEvents, floorRunAgent } from "./floor.js";
import { type Body, benchFetch, buildBody, type Delivery } from "./sse.js";

// jsdom globals first (react-dom looks for a DOM when it loads), then React.
const { frames, nextFrame, startFrameTicker, window } = await import("./dom.js");
const { checkReactBuild, counts, listLayout, mount, reactBuild } = await import("./tree.js");

// ---- configuration ---------------------------------------------------------------------------

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
};
const RUNS = Number(arg("runs", "15"));
const WARMUP = Number(arg("warmup", "5"));
const PACED_RUNS = Number(arg("paced-runs", "7"));
const JSON_OUT = arg("json", "");
const ONLY = new RegExp(arg("only", "."));
const CPU_PROF = arg("cpu-prof", "");
/** Earlier messages in the thread. */
const SIZES = arg("sizes", "10,1000").split(",").map(Number);
/** Tokens in the streamed reply (e.g. 1 to see what a run costs besides its tokens). */
const TOKENS = Number(arg("tokens", "2000"));

const THREAD_ID = "bench-thread";
/** Burst: 4 events per chunk, a macrotask yield every 8 chunks (32 events, ~2.5 kB). */
const BURST_EVENTS_PER_CHUNK = 4;
const BURST: Delivery = { kind: "burst", yieldEvery: 8 };
/** Paced: one event per chunk, released at 1 token per millisecond (~2 s a run). */
const PACED: Delivery = { kind: "paced", tokensPerMs: 1 };

// ---- helpers ---------------------------------------------------------------------------------

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as (options: { type: "minor" }) => void;
const macrotask = () => new Promise<void>((resolve) => setImmediate(resolve));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? NaN : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const fail = (message: string): never => {
  throw new Error(`bench: ${message}`);
};

function makeHistory(size: number): Message[] {
  return Array.from(
    { length: size },
    (_, i): Message =>
      i % 2 === 0
        ? { id: `h${i}`, role: "user", content: `Question ${i}: could you summarise what changed in the last report and why it matters?` }
        : {
            id: `h${i}`,
            role: "assistant",
            content: `Answer ${i}: the report moved two deadlines, added a review step for tool calls, and kept the budget. It matters because approvals now wait for a person.`,
          },
  );
}
const histories = new Map(SIZES.map((n) => [n, makeHistory(n)]));
const burstBody = buildBody(THREAD_ID, TOKENS, BURST_EVENTS_PER_CHUNK);
const pacedBody = buildBody(THREAD_ID, TOKENS, 1);
/** The same run with a single token: what a run costs besides its tokens. */
const oneTokenBody = buildBody(THREAD_ID, 1, BURST_EVENTS_PER_CHUNK);

interface Sample {
  variant: string;
  size: number;
  wallMs: number;
  cpuMs: number;
  /** Animation frames that elapsed during the run. */
  frames: number;
  /** Store publishes (calls of a `client.store.subscribe` listener). */
  publishes: number;
  /** React commits, and how many of them a frame's flush made (the rest: publishes made at once). */
  commits: number;
  frameCommits: number;
  /** Most commits between two consecutive frames: all of them, and those made by a frame's flush. */
  maxCommitsPerFrame: number;
  maxFlushCommitsPerFrame: number;
  /** Median time of one frame's work: flush, publish, React render and commit. */
  frameWorkUs: number;
  /** Garbage-collection pauses on the main thread during the run. */
  gcMs: number;
  /** Time the event loop (the main thread) was busy: CPU time without V8's background threads. */
  busyMs: number;
  rowsRerendered: number;
  /** Commits in the frame after the run ended (should be 0). */
  lateCommits: number;
}
const NO_REACT = { commits: 0, frameCommits: 0, maxCommitsPerFrame: 0, maxFlushCommitsPerFrame: 0, rowsRerendered: 0, lateCommits: 0 };

/** Garbage-collection pauses seen so far: [start, duration] (delivered a little after they happen). */
const gcPauses: [number, number][] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPauses.push([entry.startTime, entry.duration]);
}).observe({ entryTypes: ["gc"] });

/** Times `run` from its start to its end plus one macrotask (queued renders and effects run). */
async function timed(run: () => Promise<void>, label: string) {
  // Two young-generation collections move what the set-up allocated (a mounted 1,000-row tree)
  // out of the young generation, so the run does not pay to copy it. Not a full gc(): forcing
  // one before each run made every run 2-3x slower.
  gc({ type: "minor" });
  gc({ type: "minor" });
  await macrotask();
  frames.reset();
  counts.reset();
  const stopProfile = CPU_PROF ? await startProfile() : null;
  const cpu0 = process.cpuUsage();
  const elu0 = nodePerformance.eventLoopUtilization();
  const t0 = performance.now();
  await run();
  await macrotask();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const busyMs = nodePerformance.eventLoopUtilization(elu0).active;
  await new Promise((resolve) => setTimeout(resolve, 1)); // let the window's gc entries arrive
  const gcMs = gcPauses.filter(([start]) => start >= t0 && start < t0 + wallMs).reduce((sum, [, duration]) => sum + duration, 0);
  gcPauses.length = 0;
  await stopProfile?.(label);
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000, frames: frames.elapsed, frameWorkUs: median(frames.workMs) * 1000, gcMs, busyMs };
}

let session: Session | null = null;
let profiles = 0;
const post = (method: string, params: object = {}) =>
  new Promise<unknown>((resolve, reject) => session!.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
async function startProfile(): Promise<(label: string) => Promise<void>> {
  if (!session) {
    session = new Session();
    session.connect();
    await post("Profiler.enable");
    await post("Profiler.setSamplingInterval", { interval: 100 });
  }
  await post("Profiler.start");
  return async (label) => {
    const { profile } = (await post("Profiler.stop")) as { profile: object };
    writeFileSync(`${CPU_PROF}-${label}-${++profiles}.cpuprofile`, JSON.stringify(profile));
  };
}

function maxPerFrame(commitFrames: number[]): number {
  const perFrame = new Map<number, number>();
  for (const f of commitFrames) perFrame.set(f, (perFrame.get(f) ?? 0) + 1);
  return Math.max(0, ...perFrame.values());
}

// ---- the runs --------------------------------------------------------------------------------

async function kitRun(size: number, body: Body, delivery: Delivery, variant: string): Promise<Sample> {
  const client = new AgentClient({
    url: BENCH_URL,
    fetch: benchFetch(body, delivery),
    threadId: THREAD_ID,
    initialMessages: histories.get(size)!,
  });
  const container = window.document.createElement("div");
  window.document.body.append(container);
  const unmount = mount(client, container);
  await nextFrame();
  await nextFrame();
  const rows = () => container.querySelectorAll('[data-testid="message"]');
  if (rows().length !== size) fail(`mounted ${rows().length} rows, expected ${size}`);
  let publishes = 0;
  const unsubscribe = client.store.subscribe(() => publishes++);

  const t = await timed(() => client.runAgent(), `${variant}-${size}`);
  const sample: Sample = {
    variant,
    size,
    ...t,
    publishes,
    commits: counts.commits,
    frameCommits: counts.frameCommits,
    maxCommitsPerFrame: maxPerFrame(counts.commitFrames),
    maxFlushCommitsPerFrame: maxPerFrame(counts.frameCommitFrames),
    rowsRerendered: counts.rowsRendered.size,
    lateCommits: 0,
  };
  if (counts.commits !== counts.hookCommits) fail(`Profiler saw ${counts.commits} commits, the DevTools hook ${counts.hookCommits}`);

  // One more frame: anything still held would publish and commit now (nothing should).
  await nextFrame();
  await macrotask();
  sample.lateCommits = counts.hookCommits - sample.commits;
  const all = rows();
  if (all.length !== size + 1) fail(`${all.length} rows after the run, expected ${size + 1}`);
  if (all[all.length - 1]!.textContent !== body.reply) fail("the streamed row does not hold the full reply");
  const status = container.querySelector("output")?.textContent;
  if (status !== "idle") fail(`status "${status}" after the run`);
  if (client.state.error) fail(`run error: ${client.state.error.message}`);
  unsubscribe();
  unmount();
  container.remove();
  return sample;
}

async function coreRun(size: number, body: Body, delivery: Delivery, variant: string): Promise<Sample> {
  const client = new AgentClient({
    url: BENCH_URL,
    fetch: benchFetch(body, delivery),
    threadId: THREAD_ID,
    initialMessages: histories.get(size)!,
  });
  let publishes = 0;
  client.store.subscribe(() => publishes++);
  const t = await timed(() => client.runAgent(), `${variant}-${size}`);
  const last = client.state.messages.at(-1);
  if (last?.content !== body.reply || client.state.status !== "idle") fail("core run did not end idle with the full reply");
  return { variant, size, ...t, publishes, ...NO_REACT };
}

async function floorRun(kind: "runAgent" | "events", size: number, body: Body, delivery: Delivery, variant: string): Promise<Sample> {
  const consume = kind === "runAgent" ? floorRunAgent : floorEvents;
  let text = "";
  const t = await timed(async () => {
    text = await consume(THREAD_ID, histories.get(size)!, benchFetch(body, delivery));
  }, `${variant}-${size}`);
  if (text !== body.reply) fail(`floor ${kind} read ${text.length} chars, expected ${body.reply.length}`);
  return { variant, size, ...t, publishes: 0, ...NO_REACT };
}

type Job = () => Promise<Sample>;
function jobs(prefix: string, body: Body, delivery: Delivery) {
  return (size: number): Job[] =>
    (
      [
        [`${prefix}kit`, (v) => kitRun(size, body, delivery, v)],
        [`${prefix}core`, (v) => coreRun(size, body, delivery, v)],
        [`${prefix}floor:runAgent`, (v) => floorRun("runAgent", size, body, delivery, v)],
        [`${prefix}floor:events`, (v) => floorRun("events", size, body, delivery, v)],
      ] as [string, (variant: string) => Promise<Sample>][]
    )
      .filter(([variant]) => ONLY.test(variant))
      .map(
        ([variant, run]) =>
          () =>
            run(variant),
      );
}
const burstJobs = (size: number) => [...jobs("", burstBody, BURST)(size), ...jobs("1-token:", oneTokenBody, BURST)(size)];
const pacedJobs = jobs("paced:", pacedBody, PACED);

/** Rounds of every job with the sizes interleaved (kit@10, kit@1000, core@10 ...): drift hits all alike. */
async function rounds(jobsFor: (size: number) => Job[], n: number, samples: Sample[] | null) {
  for (let r = 0; r < n; r++) {
    const perSize = SIZES.map(jobsFor);
    for (let j = 0; j < perSize[0]!.length; j++) {
      for (const list of perSize) samples?.push(await list[j]!());
    }
    process.stderr.write(".");
  }
}

// ---- report ----------------------------------------------------------------------------------

const pick = (samples: Sample[], variant: string, size: number) => samples.filter((s) => s.variant === variant && s.size === size);
const perToken = (ms: number) => (ms * 1000) / TOKENS;

/** Median over rounds of a/b, each pair measured in the same round (drift cancels). */
function paired(samples: Sample[], a: [string, number], b: [string, number], field: "wallMs" | "cpuMs" | "busyMs"): number {
  const as = pick(samples, ...a);
  const bs = pick(samples, ...b);
  return median(as.map((s, i) => s[field] / bs[i]![field]));
}

/** Per round: µs per token beyond what the 1-token run of the same round cost. */
function marginal(samples: Sample[], variant: string, size: number): number[] {
  const full = pick(samples, variant, size);
  const one = pick(samples, `1-token:${variant}`, size);
  return full.map((s, i) => ((s.wallMs - one[i]!.wallMs) * 1000) / (TOKENS - 1));
}

const f0 = (x: number) => x.toFixed(0);
/** "–" where there is nothing to show (no frame fell inside the run). */
const dash = (f: (x: number) => string) => (x: number) => (Number.isFinite(x) ? f(x) : "–");
const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);

/** "median (min)" µs per token of `field`. */
function cost(samples: Sample[], variant: string, size: number, field: "wallMs" | "cpuMs"): string {
  const xs = pick(samples, variant, size).map((s) => perToken(s[field]));
  return `${f1(median(xs))} (${f1(Math.min(...xs))})`;
}

function reactColumns(samples: Sample[], variant: string, size: number): string {
  const xs = pick(samples, variant, size);
  const m = (f: (s: Sample) => number) => median(xs.map(f).filter(Number.isFinite));
  const max = (f: (s: Sample) => number) => Math.max(...xs.map(f));
  return (
    `${m((s) => s.frames)} | ${m((s) => s.publishes)} | ${m((s) => s.commits)} = ${m((s) => s.frameCommits)} + ${m((s) => s.commits - s.frameCommits)} | ` +
    `${max((s) => s.maxCommitsPerFrame)} (${max((s) => s.maxFlushCommitsPerFrame)}) | ${dash(f0)(m((s) => s.frameWorkUs))} | ${max((s) => s.rowsRerendered)}`
  );
}

function report(burst: Sample[], paced: Sample[]): string {
  const lines: string[] = [];
  const out = (s = "") => lines.push(s);
  const react =
    "frames | publishes | commits = frame + immediate | max commits in a frame (of them by the flush) | frame work µs | rows re-rendered";
  out(
    `Burst: ${BURST_EVENTS_PER_CHUNK} events a chunk, a macrotask yield every ${BURST.kind === "burst" ? BURST.yieldEvery : 0} chunks. ${RUNS} rounds.`,
  );
  out("Cost: wall time of the run / tokens, µs, median (min). Ratios: median of per-round ratios. Counts: medians.");
  out();
  out(`| history | kit | core only | floor runAgent | floor events | kit / runAgent | kit / events | ${react} |`);
  out(`|${"---:|".repeat(13)}`);
  for (const n of SIZES) {
    out(
      `| ${n} | ${cost(burst, "kit", n, "wallMs")} | ${cost(burst, "core", n, "wallMs")} | ${cost(burst, "floor:runAgent", n, "wallMs")} | ${cost(burst, "floor:events", n, "wallMs")} | ` +
        `${f2(paired(burst, ["kit", n], ["floor:runAgent", n], "wallMs"))} | ${f2(paired(burst, ["kit", n], ["floor:events", n], "wallMs"))} | ${reactColumns(burst, "kit", n)} |`,
    );
  }
  const [small, large] = [SIZES[0]!, SIZES.at(-1)!];
  const growth = (samples: Sample[], v: string, field: "wallMs" | "cpuMs" | "busyMs") => f2(paired(samples, [v, large], [v, small], field));
  out();
  out(
    `cost@${large} / cost@${small}: kit ${growth(burst, "kit", "wallMs")} | core only ${growth(burst, "core", "wallMs")} | floor runAgent ${growth(burst, "floor:runAgent", "wallMs")} | floor events ${growth(burst, "floor:events", "wallMs")}`,
  );

  if (pick(burst, "1-token:kit", small).length > 0) {
    out();
    out("Split of the burst cost: what a run costs besides its tokens (the same run streaming 1 token, ms), and per token beyond that");
    out(`((wall − wall of the 1-token run) / ${TOKENS - 1}, µs), medians over rounds.`);
    out();
    out(
      "| history | run: kit | run: core only | run: floor runAgent | run: floor events | per token: kit | per token: core only | per token: floor runAgent | per token: floor events |",
    );
    out(`|${"---:|".repeat(9)}`);
    const variants = ["kit", "core", "floor:runAgent", "floor:events"];
    for (const n of SIZES) {
      const run = variants.map((v) => f1(median(pick(burst, `1-token:${v}`, n).map((s) => s.wallMs))));
      const token = variants.map((v) => f1(median(marginal(burst, v, n))));
      out(`| ${n} | ${run.join(" | ")} | ${token.join(" | ")} |`);
    }
    const marginalGrowth = (v: string) => {
      const a = marginal(burst, v, large);
      const b = marginal(burst, v, small);
      return f2(median(a.map((x, i) => x / b[i]!)));
    };
    out();
    out(
      `per token @${large} / @${small}: ${variants.map((v) => `${v === "core" ? "core only" : v.replace(":", " ")} ${marginalGrowth(v)}`).join(" | ")}`,
    );
  }

  if (paced.length > 0) {
    out();
    out(
      `Paced: 1 token/ms, 1 event a chunk (~2 s a run). ${PACED_RUNS} rounds. Cost: CPU time (process.cpuUsage) / tokens, µs, median (min).`,
    );
    out();
    out(`| history | kit | core only | floor runAgent | floor events | kit / runAgent | kit / events | ${react} |`);
    out(`|${"---:|".repeat(13)}`);
    for (const n of SIZES) {
      out(
        `| ${n} | ${cost(paced, "paced:kit", n, "cpuMs")} | ${cost(paced, "paced:core", n, "cpuMs")} | ${cost(paced, "paced:floor:runAgent", n, "cpuMs")} | ${cost(paced, "paced:floor:events", n, "cpuMs")} | ` +
          `${f2(paired(paced, ["paced:kit", n], ["paced:floor:runAgent", n], "cpuMs"))} | ${f2(paired(paced, ["paced:kit", n], ["paced:floor:events", n], "cpuMs"))} | ${reactColumns(paced, "paced:kit", n)} |`,
      );
    }
    out();
    out(
      `CPU@${large} / CPU@${small}: kit ${growth(paced, "paced:kit", "cpuMs")} | core only ${growth(paced, "paced:core", "cpuMs")} | floor runAgent ${growth(paced, "paced:floor:runAgent", "cpuMs")} | floor events ${growth(paced, "paced:floor:events", "cpuMs")}`,
    );
    out(
      `main-thread busy (event-loop utilization) @${large} / @${small}: kit ${growth(paced, "paced:kit", "busyMs")} | core only ${growth(paced, "paced:core", "busyMs")} | ` +
        `floor runAgent ${growth(paced, "paced:floor:runAgent", "busyMs")} | floor events ${growth(paced, "paced:floor:events", "busyMs")}`,
    );
  }
  const late = [...burst, ...paced].filter((s) => s.lateCommits > 0).length;
  if (late > 0) out(`\n${late} runs committed again in the frame after the run ended.`);
  return lines.join("\n");
}

// ---- main ------------------------------------------------------------------------------------

startFrameTicker();
const build = checkReactBuild(window.document.createElement("div"));
const devFiles = build.files.filter((f) => f.includes("development"));
if (devFiles.length > 0 || build.devWarnings) fail(`React's development build is loaded (${devFiles.join(", ") || "dev warnings fire"})`);
console.log(`node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? "?"})`);
console.log(`React ${reactBuild} build (${build.files.join(", ")}; no development warnings), list: ${listLayout}`);
console.log(
  `stream: ${TOKENS} tokens = ${burstBody.events} events, ${burstBody.bytes} bytes; burst ${burstBody.chunks.length} chunks, paced ${pacedBody.chunks.length}`,
);

process.stderr.write("warm-up ");
await rounds(burstJobs, WARMUP, null);
if (PACED_RUNS > 0) await rounds(pacedJobs, 1, null);
process.stderr.write("\nburst ");
const burst: Sample[] = [];
await rounds(burstJobs, RUNS, burst);
const paced: Sample[] = [];
if (PACED_RUNS > 0) {
  process.stderr.write("\npaced ");
  await rounds(pacedJobs, PACED_RUNS, paced);
}
process.stderr.write("\n\n");
if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify({ node: process.version, reactBuild, listLayout, burst, paced }, null, 2));
if (ONLY.source === "." && SIZES.length > 1) console.log(report(burst, paced));
else for (const s of [...burst, ...paced]) console.log(JSON.stringify(s));
process.exit(0);

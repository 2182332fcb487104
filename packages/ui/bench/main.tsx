/**
 * The UI path: a Markdown-shaped reply (a heading, bold, a list and a fenced code block every 60
 * tokens, like the side-by-side bench's `--md` stream (shared/bench beside the repo)) of 2,000 and 10,000 tokens streams at 1 token/ms
 * into `<Chat>` (@tandem/ui, Markdown loaded) over a thread of 10 earlier messages, React 19
 * production build in jsdom, from an in-memory SSE `fetch` (packages/react/bench/sse.ts).
 *
 * Per animation frame it times the frame's work: from the frame callback (the store's flush)
 * until the microtasks it queued have run, i.e. the publish and React's render and commit of
 * `<Chat>`. Reported: frames with work, p50 / p95 / max of that time, its sum over the run, and
 * the process CPU time of the run.
 *
 * Then a long thread: `<Chat>` opening a stored thread of 5,000 messages (same two shapes as the
 * history), timed from render() to the end of the first commit, and a re-render of the open
 * thread (what a publish that reaches the list costs).
 *
 * Options: --tokens 2000,10000  --rounds N (default 3)  --history N (default 10)  --open 5000 (0 skips)
 */
import { cpus } from "node:os";
import { AgentClient, type Message } from "@tandem/core";
import { type Body, benchFetch } from "../../react/bench/sse.js";

const { frames, nextFrame, startFrameTicker, window } = await import("../../react/bench/dom.js");
// What <Chat> uses beyond the globals dom.ts sets: the window's own classes, and no-op observers
// and matchMedia where jsdom has none (layout is not measured here).
const win = window as unknown as Record<string, unknown>;
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
for (const name of Object.getOwnPropertyNames(win)) {
  if (
    /^(HTML\w*Element|MutationObserver|KeyboardEvent|MouseEvent|FocusEvent|InputEvent|CustomEvent)$/.test(name) &&
    !(name in globalThis)
  ) {
    Object.defineProperty(globalThis, name, { value: win[name], configurable: true, writable: true });
  }
}
for (const name of ["ResizeObserver", "IntersectionObserver"]) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value: NoopObserver, configurable: true, writable: true });
  if (!(name in win)) win[name] = NoopObserver;
}
const matchMedia = () => ({
  matches: false,
  media: "",
  addEventListener() {},
  removeEventListener() {},
  addListener() {},
  removeListener() {},
});
if (!("matchMedia" in win)) win.matchMedia = matchMedia;
if (!("matchMedia" in globalThis))
  Object.defineProperty(globalThis, "matchMedia", { value: matchMedia, configurable: true, writable: true });
const { createElement } = await import("react");
const { createRoot } = await import("react-dom/client");
const { flushSync } = await import("react-dom");
const { AgentProvider } = await import("@tandem/react");
const { Chat, preloadMarkdown } = await import("../src/index.js");

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
};
const TOKENS = arg("tokens", "2000,10000").split(",").map(Number);
const ROUNDS = Number(arg("rounds", "3"));
const HISTORY = Number(arg("history", "10"));
const OPEN = Number(arg("open", "5000"));
const THREAD_ID = "ui-bench";
const MESSAGE_ID = "ui-bench-reply";

/** Token i of t, shaped like a Markdown reply; the last tokens are a plain paragraph. */
function mdToken(i: number, t: number): string {
  if (i === t - 1) return "END";
  if (i > t - 8) return `w${i} `;
  const k = i % 60;
  if (k === 1) return `\n\n## Part ${(i / 60) | 0}\n\n`;
  if (k === 12) return `**w${i}** `;
  if (k === 20) return "\n\n- ";
  if (k === 24 || k === 28) return `\n- w${i} `;
  if (k === 32) return "\n\n```ts\nconst ";
  if (k > 32 && k < 44) return `v${i} = ${i};\n`;
  if (k === 44) return "```\n\n";
  return `w${i} `;
}

function buildMdBody(tokens: number): Body {
  const deltas = Array.from({ length: tokens }, (_, i) => mdToken(i, tokens));
  const events: object[] = [
    { type: "RUN_STARTED", threadId: THREAD_ID, runId: "r" },
    { type: "TEXT_MESSAGE_START", messageId: MESSAGE_ID, role: "assistant" },
    ...deltas.map((delta) => ({ type: "TEXT_MESSAGE_CONTENT", messageId: MESSAGE_ID, delta })),
    { type: "TEXT_MESSAGE_END", messageId: MESSAGE_ID },
    { type: "RUN_FINISHED", threadId: THREAD_ID, runId: "r" },
  ];
  const encoder = new TextEncoder();
  const chunks = events.map((e) => encoder.encode(`data: ${JSON.stringify(e)}\n\n`));
  const tokensPerChunk = events.map((e) => ((e as { type: string }).type === "TEXT_MESSAGE_CONTENT" ? 1 : 0));
  return {
    chunks,
    tokensPerChunk,
    tokens,
    events: events.length,
    bytes: chunks.reduce((n, c) => n + c.length, 0),
    reply: deltas.join(""),
  };
}

const makeHistory = (length: number): Message[] =>
  Array.from({ length }, (_, i) =>
    i % 2 === 0
      ? { id: `h${i}`, role: "user", content: `Question ${i}: what changed in the last report?` }
      : { id: `h${i}`, role: "assistant", content: `Answer ${i}: **two deadlines** moved, and a review step was added.\n\n- one\n- two` },
  );
const history = makeHistory(HISTORY);

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN;
};
const median = (xs: number[]) => quantile(xs, 0.5);

interface Sample {
  frames: number;
  p50: number;
  p95: number;
  max: number;
  sum: number;
  cpu: number;
  wall: number;
}

async function run(body: Body): Promise<Sample> {
  const client = new AgentClient({
    url: "http://bench.local/agent",
    fetch: benchFetch(body, { kind: "paced", tokensPerMs: 1 }),
    threadId: THREAD_ID,
    initialMessages: history,
  });
  const container = window.document.createElement("div");
  window.document.body.append(container);
  const root = createRoot(container);
  flushSync(() => root.render(createElement(AgentProvider, { client }, createElement(Chat))));
  await nextFrame();
  await nextFrame();
  frames.reset();
  const stop = startFrameTicker();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await client.runAgent();
  await nextFrame();
  await nextFrame();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  stop();
  const work = frames.workMs;
  if (!container.textContent?.includes("END")) throw new Error("bench: the reply's last token is not on screen");
  root.unmount();
  container.remove();
  return {
    frames: work.length,
    p50: median(work),
    p95: quantile(work, 0.95),
    max: Math.max(...work),
    sum: work.reduce((a, b) => a + b, 0),
    cpu: (cpu.user + cpu.system) / 1000,
    wall,
  };
}

await preloadMarkdown();
console.log(`<Chat> with Markdown, ${HISTORY} earlier messages, paced 1 token/ms; ${ROUNDS} rounds per size (+1 warm-up); medians.`);
console.log(`Machine: ${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version}.`);
console.log("Frame work: from the frame callback to the end of the React render and commit it causes, ms.\n");
console.log("| tokens | reply chars | frames with work | frame work p50 | p95 | max | sum | CPU of the run | wall |");
console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const tokens of TOKENS) {
  const body = buildMdBody(tokens);
  await run(buildMdBody(Math.min(tokens, 500))); // warm-up
  const samples: Sample[] = [];
  for (let r = 0; r < ROUNDS; r++) samples.push(await run(body));
  const m = (k: keyof Sample) => median(samples.map((s) => s[k]));
  const f = (x: number, d = 2) => x.toFixed(d);
  console.log(
    `| ${tokens} | ${body.reply.length} | ${f(m("frames"), 0)} | ${f(m("p50"))} | ${f(m("p95"))} | ${f(m("max"))} | ${f(m("sum"), 0)} | ${f(m("cpu"), 0)} | ${f(m("wall"), 0)} |`,
  );
}

async function open(size: number) {
  const client = new AgentClient({ url: "http://bench.local/agent", threadId: THREAD_ID, initialMessages: makeHistory(size) });
  const container = window.document.createElement("div");
  window.document.body.append(container);
  const root = createRoot(container);
  const t0 = performance.now();
  flushSync(() => root.render(createElement(AgentProvider, { client }, createElement(Chat))));
  const firstCommit = performance.now() - t0;
  await nextFrame();
  const t1 = performance.now();
  flushSync(() => root.render(createElement(AgentProvider, { client }, createElement(Chat, { className: "again" }))));
  const rerender = performance.now() - t1;
  const elements = container.getElementsByTagName("*").length;
  root.unmount();
  container.remove();
  return { firstCommit, rerender, elements };
}

if (OPEN > 0) {
  await open(200); // warm-up
  const samples = [];
  for (let r = 0; r < ROUNDS; r++) samples.push(await open(OPEN));
  const m = (k: "firstCommit" | "rerender" | "elements") => median(samples.map((s) => s[k]));
  console.log(`\nOpening a stored thread of ${OPEN} messages in <Chat> (median of ${ROUNDS}):\n`);
  console.log("| messages | render to first commit, ms | re-render of the whole <Chat>, ms | DOM elements |");
  console.log("|---:|---:|---:|---:|");
  console.log(`| ${OPEN} | ${m("firstCommit").toFixed(0)} | ${m("rerender").toFixed(1)} | ${m("elements")} |`);
}
process.exit(0);

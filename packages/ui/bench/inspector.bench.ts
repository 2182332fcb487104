/**
 * `npx tsx packages/ui/bench/inspector.bench.ts`: what a frame of `<AgentInspector>` costs after
 * N events of the run, React 19 production build in jsdom (packages/react/bench/dom.ts, 60 Hz
 * frames). One run streams N text deltas at once, then 300 more, one every 2 ms; over those 300
 * it reports the inspector's frames (each one's time from its animation-frame callback until the
 * DOM change it made is observed: the view's update, React's render and commit) as p50 / p95 /
 * max, and the process CPU time per frame. The inspector is the only thing rendered.
 *
 * Options: --events 100,1000,10000  --rounds N (default 3)
 */
process.env.NODE_ENV = "production";

const { startFrameTicker, window } = await import("../../react/bench/dom.js");
for (const name of ["MutationObserver", "HTMLAnchorElement", "HTMLDetailsElement"]) {
  const value = (window as unknown as Record<string, unknown>)[name];
  if (value && !(name in globalThis)) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}
const { createElement } = await import("react");
const { createRoot } = await import("react-dom/client");
const { AgentClient } = await import("@tandem/core");
const { AgentProvider } = await import("@tandem/react");
const { AgentInspector } = await import("../src/inspector/index.js");

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
};
const EVENTS = arg("events", "100,1000,10000").split(",").map(Number);
const ROUNDS = Number(arg("rounds", "3"));
const PACED = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

async function round(before: number) {
  let paced = false;
  const transport = {
    async *run(input: { threadId: string; runId: string }) {
      yield { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId };
      yield { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" };
      for (let i = 0; i < before; i++) yield { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: `${i} ` };
      // Let the inspector draw the first N events before the timed part.
      await sleep(300);
      paced = true;
      for (let i = 0; i < PACED; i++) {
        await sleep(2);
        yield { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: `p${i} ` };
      }
      paced = false;
      yield { type: "TEXT_MESSAGE_END", messageId: "m" };
      yield { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId };
    },
  };
  const client = new AgentClient({ transport: transport as never, threadId: "bench" });
  const container = window.document.createElement("div");
  window.document.body.append(container);
  const root = createRoot(container);
  root.render(createElement(AgentProvider, { client }, createElement(AgentInspector)));

  // Each inspector frame: from its animation-frame callback to the DOM change it made.
  const frameMs: number[] = [];
  let started = 0;
  const raf = globalThis.requestAnimationFrame;
  globalThis.requestAnimationFrame = (callback) =>
    raf((time) => {
      if (paced) started = performance.now();
      callback(time);
    });
  const observer = new MutationObserver(() => {
    if (started) frameMs.push(performance.now() - started);
    started = 0;
  });
  observer.observe(container, { subtree: true, childList: true, characterData: true, attributes: true });
  const stopTicker = startFrameTicker();
  let cpu = { user: 0, system: 0 };
  const watch = setInterval(() => {
    if (paced && cpu.user === 0) cpu = process.cpuUsage();
  }, 1);
  await client.sendMessage("go");
  const used = process.cpuUsage(cpu);
  clearInterval(watch);
  stopTicker();
  observer.disconnect();
  globalThis.requestAnimationFrame = raf;
  root.unmount();
  container.remove();
  const shown = Number(/of (\d+) events/.exec(window.document.body.textContent ?? "")?.[1] ?? before + PACED + 4);
  return { frameMs, cpuPerFrame: (used.user + used.system) / 1000 / Math.max(1, frameMs.length), shown };
}

console.log(`| events before | frames | frame p50 ms | frame p95 ms | frame max ms | CPU ms / frame |`);
console.log(`|---:|---:|---:|---:|---:|---:|`);
for (const before of EVENTS) {
  const all: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const { frameMs, cpuPerFrame } = await round(before);
    all.push(...frameMs);
    cpu.push(cpuPerFrame);
  }
  const f = (x: number) => x.toFixed(2);
  console.log(
    `| ${before.toLocaleString("en")} | ${Math.round(all.length / ROUNDS)} | ${f(quantile(all, 0.5))} | ${f(quantile(all, 0.95))} | ${f(Math.max(...all))} | ${f(quantile(cpu, 0.5))} |`,
  );
}
process.exit(0);

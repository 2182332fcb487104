/**
 * The React side of the kit run: <AgentProvider client> around a message list written the way
 * the kit's UI writes it (ids list + one memoized row per message) and a status line that reads
 * only `status` from useAgent(), inside a <Profiler>. Counts commits and the rows that render.
 */

import { createRequire } from "node:module";
import type { AgentClient } from "@tandem/core";
import { AgentProvider, useAgent, useMessage, useMessageIds } from "@tandem/react";
import { memo, Profiler, type ProfilerOnRenderCallback, useMemo } from "react";
import type * as ReactDOMClient from "react-dom/client";
import { frames } from "./dom.js";

const require = createRequire(import.meta.url);

/**
 * `<Profiler onRender>` is compiled out of React's production build; it fires only in the
 * development and profiling builds. By default the bench measures the production build (what
 * apps ship) and counts commits through the DevTools hook, which react-dom calls once per commit
 * in every build. BENCH_REACT=profiling loads react-dom's profiling build instead (production
 * plus commit timing) and counts with the Profiler; the two counts are checked to agree.
 */
export const reactBuild = process.env.BENCH_REACT === "profiling" ? "profiling" : "production";

export const counts = {
  /** Commits: <Profiler onRender> calls (profiling build) or DevTools hook calls (production). */
  commits: 0,
  /** Commits seen by the DevTools hook, in every build (a cross-check of the Profiler's count). */
  hookCommits: 0,
  /** For each commit, the frame counter when it happened. */
  commitFrames: [] as number[],
  /** Commits made by a frame's flush (the rest follow publishes made at once: run start and end). */
  frameCommits: 0,
  /** For each commit made by a frame's flush, the frame counter when it happened. */
  frameCommitFrames: [] as number[],
  rowsRendered: new Set<string>(),
  reset() {
    this.commits = 0;
    this.hookCommits = 0;
    this.commitFrames = [];
    this.frameCommits = 0;
    this.frameCommitFrames = [];
    this.rowsRendered = new Set();
  },
};

// A minimal DevTools hook: react-dom calls onCommitFiberRoot after every commit, in any build.
Object.defineProperty(globalThis, "__REACT_DEVTOOLS_GLOBAL_HOOK__", {
  configurable: true,
  value: {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberRoot: () => {
      counts.hookCommits++;
      if (reactBuild === "production") countCommit();
    },
    onPostCommitFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
  },
});

const { createRoot } = require(reactBuild === "profiling" ? "react-dom/profiling" : "react-dom/client") as typeof ReactDOMClient;

function countCommit() {
  counts.commits++;
  counts.commitFrames.push(frames.elapsed);
  if (frames.inCallback) {
    counts.frameCommits++;
    counts.frameCommitFrames.push(frames.elapsed);
  }
}

const onRender: ProfilerOnRenderCallback = () => {
  if (reactBuild === "profiling") countCommit();
};

const text = (content: unknown) => (typeof content === "string" ? content : "");

const Row = memo(function Row({ id }: { id: string }) {
  const message = useMessage(id);
  counts.rowsRendered.add(id);
  if (!message) return null;
  return (
    <div data-testid="message" data-role={message.role} data-message-id={id}>
      {text(message.content)}
    </div>
  );
});

function List() {
  const ids = useMessageIds();
  return (
    <div role="log">
      {ids.map((id) => (
        <Row key={id} id={id} />
      ))}
    </div>
  );
}

/**
 * The kit's layout (@tandem/ui's MessageList): rows grouped in memoized blocks of 50, so a token
 * re-renders one row whose parent has ~50 siblings instead of the whole list. BENCH_LIST=flat
 * measures one flat list of rows for comparison.
 */
const BLOCK = 50;
const sameIds = (a: { ids: readonly string[] }, b: { ids: readonly string[] }) =>
  a.ids.length === b.ids.length && a.ids.every((id, i) => id === b.ids[i]);
const Block = memo(function Block({ ids }: { ids: readonly string[] }) {
  return ids.map((id) => <Row key={id} id={id} />);
}, sameIds);

function BlockList() {
  const ids = useMessageIds();
  const blocks = useMemo(
    () => Array.from({ length: Math.ceil(ids.length / BLOCK) }, (_, i) => ids.slice(i * BLOCK, (i + 1) * BLOCK)),
    [ids],
  );
  return (
    <div role="log">
      {blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: block i always holds messages i*50 to i*50+49; the position is the identity.
        <Block key={i} ids={block} />
      ))}
    </div>
  );
}

export const listLayout = process.env.BENCH_LIST === "flat" ? "flat" : "blocks";

function Status() {
  const { status } = useAgent();
  return <output data-testid="status">{status}</output>;
}

export function mount(client: AgentClient, container: HTMLElement): () => void {
  const root = createRoot(container);
  root.render(
    <Profiler id="bench" onRender={onRender}>
      <AgentProvider client={client}>
        <Status />
        {listLayout === "blocks" ? <BlockList /> : <List />}
      </AgentProvider>
    </Profiler>,
  );
  return () => root.unmount();
}

/** Which React files were loaded, and whether a development-only warning fires. */
export function checkReactBuild(container: HTMLElement): { files: string[]; devWarnings: boolean } {
  // Only modules that ran: Node's ESM loader also lists, unloaded, every file a CommonJS
  // entry might re-export (both branches of react/index.js).
  const files = Object.entries(require.cache)
    .filter(([f, m]) => m?.loaded && /[/\\](react|react-dom)[/\\]cjs[/\\]/.test(f))
    .map(([f]) => f)
    .map((f) => f.replace(/^.*[/\\]cjs[/\\]/, ""));
  const original = console.error;
  let devWarnings = false;
  console.error = () => {
    devWarnings = true;
  };
  try {
    // Keyless list items: the development build warns, production builds say nothing.
    const root = createRoot(container);
    const { flushSync } = require("react-dom") as typeof import("react-dom");
    // biome-ignore lint/correctness/useJsxKeyInIterable: keyless on purpose, to see whether this build warns about it.
    flushSync(() => root.render([<i />, <i />]));
    root.unmount();
  } finally {
    console.error = original;
  }
  return { files, devWarnings };
}

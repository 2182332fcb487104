/**
 * What a streamed reply keeps in memory. Not a test: prints figures.
 *
 * A reply of 10,000 tokens goes through the store as an app's does, a frame's deltas at a time
 * (14, as at ~830 tokens a second). A view holds on to the state of the frame before the one
 * it shows, as React does (its alternate fibers, `useSyncExternalStore`'s effect), so the
 * bench holds it too, moving on when the messages change. The heap kept is compared with the
 * text's length (median of 5, after one run that compiles every path). A string grown by
 * concatenation is a V8 rope with a node per delta until something flattens it.
 *
 *   node --expose-gc --import tsx packages/core/bench/reply.bench.ts
 */
import { type BaseEvent, EventType } from "@ag-ui/core";
import { createThreadState } from "../src/reducer/reduceEvents.js";
import { createThreadStore } from "../src/store/createThreadStore.js";
import type { ThreadState } from "../src/types.js";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const TOKENS = 10_000;
const PER_FRAME = 14;
const event = (e: object) => e as BaseEvent;
const never = () => () => {};

/** The heap a reply of `tokens` tokens keeps while it streams and once it has ended. */
function measure(tokens: number) {
  const before = heap();
  const store = createThreadStore(createThreadState({ threadId: "t" }), never);
  let shown: ThreadState = store.getState();
  let previous: ThreadState = shown;
  store.subscribe((state) => {
    if (state.messages === shown.messages) return;
    previous = shown;
    shown = state;
  });
  store.dispatch(event({ type: EventType.RUN_STARTED, threadId: "t", runId: "r" }));
  store.dispatch(event({ type: EventType.TEXT_MESSAGE_START, messageId: "a", role: "assistant" }));
  for (let i = 0; i < tokens; i += PER_FRAME) {
    for (let j = i; j < Math.min(tokens, i + PER_FRAME); j++)
      store.dispatch(event({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: "a", delta: `w${j} ` }));
    store.flush();
  }
  const streaming = heap() - before;
  store.dispatch(event({ type: EventType.TEXT_MESSAGE_END, messageId: "a" }));
  store.flush();
  const ended = heap() - before;
  // Read after the last measure, so the earlier frame the view holds is alive through both.
  if (previous.messages[0]?.content === undefined) throw new Error("the view lost its earlier frame");
  return { streaming, ended, length: (shown.messages[0]!.content as string).length };
}

measure(TOKENS); // compiles every path first, so the figures are the reply's alone
const runs = Array.from({ length: 5 }, () => measure(TOKENS));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2]!;
const streaming = median(runs.map((r) => r.streaming));
const ended = median(runs.map((r) => r.ended));
const length = runs[0]!.length;

const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
console.log(`reply: ${TOKENS} tokens, ${kib(length)} of text`);
console.log(`kept while streaming: ${kib(streaming)}, ${(streaming / length).toFixed(1)} bytes a character`);
console.log(`kept once TEXT_MESSAGE_END is reduced: ${kib(ended)}, ${(ended / length).toFixed(1)} bytes a character`);

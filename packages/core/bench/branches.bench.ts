/**
 * Versions benchmark (issue: edit, branch, attach). Not a test: prints figures.
 *
 * On a thread of 5,000 messages whose first turn and last reply have versions:
 * 1. Switching: the median time of one switch of the first turn (the whole thread changes).
 * 2. Asking: what every row's picker asks (`versionsOf`) once the ids changed, for all 5,000 rows.
 * 3. Streaming: a token changes no id, so the pickers are not asked; the median cost of a
 *    publish with versions in the thread against one without (the store and message index only).
 *
 *   npx tsx packages/core/bench/branches.bench.ts
 */
import type { Message } from "@ag-ui/core";
import { fork, switchVersion } from "../src/branches/branches.js";
import { AgentClient, versionsOf } from "../src/index.js";

const N = 5000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const thread = (tag: string): Message[] =>
  Array.from({ length: N }, (_, i) =>
    i % 2 === 0
      ? { id: `${tag}u${i}`, role: "user", content: `question ${i}` }
      : { id: `${tag}a${i}`, role: "assistant", content: `answer ${i}` },
  );

function withVersions() {
  let path = { messages: thread("a"), branches: {} };
  path = fork(path, 0);
  path = { ...path, messages: thread("b") };
  path = fork(path, N - 1);
  path = { ...path, messages: [...path.messages, { id: "r2", role: "assistant", content: "again" } as Message] };
  return path;
}

function switching() {
  let path = withVersions();
  const times: number[] = [];
  for (let i = 0; i < 41; i++) {
    const head = path.messages[0]!.id;
    const start = performance.now();
    path = switchVersion(path, head, i % 2)!;
    times.push(performance.now() - start);
  }
  return median(times);
}

function asking() {
  const path = withVersions();
  const times: number[] = [];
  for (let i = 0; i < 21; i++) {
    const ids = path.messages.map((m) => m.id); // a new id list, as after a switch
    const start = performance.now();
    for (const id of ids) versionsOf(ids, path.branches, id);
    times.push(performance.now() - start);
  }
  return median(times);
}

function streaming(versions: boolean) {
  const now = (publish: () => void) => {
    publish();
    return () => {};
  };
  const client = new AgentClient({ url: "http://127.0.0.1:9/unused", threadId: "t", schedule: now });
  const path = versions ? withVersions() : { messages: thread("a"), branches: {} };
  client.store.update((s) => ({ ...s, ...path }));
  const stop = client.messages.subscribeIds(() => {});
  client.store.dispatch({ type: "RUN_STARTED", threadId: "t", runId: "r" } as never);
  client.store.dispatch({ type: "TEXT_MESSAGE_START", messageId: "s", role: "assistant" } as never);
  const times: number[] = [];
  for (let i = 0; i < 2001; i++) {
    const start = performance.now();
    client.store.dispatch({ type: "TEXT_MESSAGE_CONTENT", messageId: "s", delta: `w${i} ` } as never);
    times.push(performance.now() - start);
  }
  stop();
  return median(times) * 1000;
}

console.log(`thread of ${N} messages, versions at its first turn and its last reply`);
console.log(`switch the first turn: ${switching().toFixed(3)} ms (median of 41)`);
console.log(`versionsOf for all ${N} rows after the ids changed: ${asking().toFixed(3)} ms (median of 21)`);
const plain = streaming(false);
const branched = streaming(true);
console.log(`one streamed token, published: ${plain.toFixed(1)} µs without versions, ${branched.toFixed(1)} µs with (median of 2,001)`);

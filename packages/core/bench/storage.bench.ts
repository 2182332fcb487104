/**
 * Storage benchmark (issue: threads that persist). Not a test: prints figures.
 *
 * 1. Writes per streamed reply: a reply of 2,000 tokens streamed at 1 token/ms from a local
 *    mock agent into an AgentClient kept by persistThread; counts the saves and what they carried.
 * 2. Opening a thread of 1,000 messages: load from the store and restore into a client, median
 *    of 15 (IndexedDB here is fake-indexeddb, an in-memory implementation: it shows Tandem's
 *    own cost, not the browser's disk).
 * 3. One save into a long thread (1,000 and 5,000 messages) as a streamed reply makes it: the
 *    last message changed, merged with what is stored; median of 30.
 *
 *   npx tsx packages/core/bench/storage.bench.ts
 */
import "fake-indexeddb/auto";
import type { Message, RunAgentInput } from "@ag-ui/core";
import { runFinished, runStarted, startMockAgent, textMessage } from "@tandem/mock-agent";
import { AgentClient, indexedDbStorage, memoryStorage, persistThread, type ThreadChange, type ThreadStorage } from "../src/index.js";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function writesPerReply(label: string, inner: ThreadStorage) {
  const agent = await startMockAgent({
    scenario: (input: RunAgentInput) => [
      runStarted(input),
      ...textMessage(
        Array.from({ length: 2000 }, (_, i) => `t${i} `),
        { messageId: "reply", tokenDelayMs: 1 },
      ),
      runFinished(input),
    ],
  });
  const saves: ThreadChange[] = [];
  const storage: ThreadStorage = {
    ...inner,
    save: (change) => {
      saves.push(change);
      return inner.save(change);
    },
  };
  const client = new AgentClient({ url: agent.url, threadId: `bench-${label}` });
  const persistence = persistThread(client, storage);
  const started = performance.now();
  await client.sendMessage("Stream 2,000 tokens");
  await persistence.stop();
  const seconds = (performance.now() - started) / 1000;
  const bytes = saves.reduce((sum, s) => sum + JSON.stringify(s).length, 0);
  const puts = saves.reduce((sum, s) => sum + s.put.length, 0);
  console.log(
    `| ${label} | 2,000 | ${seconds.toFixed(1)} s | ${saves.length} | ${puts} | ${(bytes / 1024).toFixed(0)} KiB | ${(bytes / saves.length / 1024).toFixed(1)} KiB |`,
  );
  await agent.close();
}

const longThread = (n: number): Message[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `m${i}`,
    role: i % 2 ? "assistant" : "user",
    content: `Message ${i}: ${"lorem ipsum dolor sit amet ".repeat(8)}`,
  }));

async function saveIntoLongThread(label: string, storage: ThreadStorage, n: number) {
  const messages = longThread(n);
  const thread = { id: `long-${n}`, title: "Long", createdAt: 1, updatedAt: 2, state: {}, interrupts: [], toolCallStatus: {} };
  const order = messages.map((m) => m.id);
  await storage.save({ thread, order, put: messages, remove: [] });
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const last = { ...messages.at(-1)!, content: `streamed ${i}` } as Message;
    const t0 = performance.now();
    await storage.save({ thread: { ...thread, updatedAt: 3 + i }, order, put: [last], remove: [] });
    times.push(performance.now() - t0);
  }
  console.log(`| ${label} | ${n.toLocaleString("en")} | ${median(times).toFixed(2)} ms |`);
}

async function openThread(label: string, storage: ThreadStorage) {
  const messages: Message[] = Array.from({ length: 1000 }, (_, i) => ({
    id: `m${i}`,
    role: i % 2 ? "assistant" : "user",
    content: `Message ${i}: ${"lorem ipsum dolor sit amet ".repeat(8)}`,
  }));
  await storage.save({
    thread: { id: "big", title: "Big", createdAt: 1, updatedAt: 2, state: { n: 1 }, interrupts: [], toolCallStatus: {} },
    order: messages.map((m) => m.id),
    put: messages,
    remove: [],
  });
  const load: number[] = [];
  const restore: number[] = [];
  for (let i = 0; i < 15; i++) {
    const t0 = performance.now();
    const stored = await storage.load("big");
    const t1 = performance.now();
    new AgentClient({ url: "http://127.0.0.1:9", threadId: "big" }).restore(stored!);
    const t2 = performance.now();
    load.push(t1 - t0);
    restore.push(t2 - t1);
  }
  console.log(`| ${label} | 1,000 | ${median(load).toFixed(1)} ms | ${median(restore).toFixed(2)} ms |`);
}

console.log("Writes per streamed reply (1 token/ms, saves debounced at 500 ms while streaming)\n");
console.log("| store | tokens | stream time | saves | messages written | bytes written | per save |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
await writesPerReply("memoryStorage", memoryStorage());
await writesPerReply("indexedDbStorage (fake-indexeddb)", indexedDbStorage({ name: "bench-writes" }));

console.log("\nOpening a stored thread (median of 15)\n");
console.log("| store | messages | load | restore into a client |");
console.log("|---|---:|---:|---:|");
await openThread("memoryStorage", memoryStorage());
await openThread("indexedDbStorage (fake-indexeddb)", indexedDbStorage({ name: "bench-open" }));

console.log("\nOne save into a long thread (the last message changed; median of 30)\n");
console.log("| store | messages | per save |");
console.log("|---|---:|---:|");
for (const n of [1000, 5000]) {
  await saveIntoLongThread("memoryStorage", memoryStorage(), n);
  await saveIntoLongThread("indexedDbStorage (fake-indexeddb)", indexedDbStorage({ name: `bench-long-${n}` }), n);
}
process.exit(0);

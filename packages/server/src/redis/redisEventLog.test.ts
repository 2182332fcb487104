import type { IncomingMessage } from "node:http";
import type { BaseEvent } from "@ag-ui/core";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedis } from "../../../../scripts/ensure-redis.mjs";
import { runKey } from "../eventLog.js";
import { agentHandler } from "../handler.js";
import { resumableRuns } from "../resumableRuns.js";
import { listen, paced, parseSse, post, readAll, readFramesThenDrop, said, sseIds, wordsOf } from "../test/http.js";
import { type Instance, startInstance } from "../test/instance.js";
import { type RoundRobinProxy, roundRobinProxy } from "../test/roundRobinProxy.js";
import { redisEventLog } from "./redisEventLog.js";

const redis = await startRedis();
if (redis.skip !== undefined) console.log(`Skipping the Redis Streams tests: ${redis.skip}`);
const url = redis.skip === undefined ? redis.url : "";
afterAll(() => (redis.skip === undefined ? redis.stop() : undefined));

const words = Array.from({ length: 40 }, (_, i) => `w${i} `);
const event = (n: number) => ({ type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: `${n}` }) as BaseEvent;

describe.skipIf(redis.skip !== undefined)("redisEventLog on a real redis-server", () => {
  const logs: Array<{ close(): Promise<void> }> = [];
  afterAll(async () => {
    for (const log of logs) await log.close();
  });
  const logOf = (options: Parameters<typeof redisEventLog>[0] = {}) => {
    const log = redisEventLog({ url, blockMs: 200, ...options });
    logs.push(log);
    return log;
  };

  it("appends with stream ids, reads after an id, and waits for what is appended later until the run's end", async () => {
    const log = logOf();
    const ids = [await log.append("t/a", event(1)), await log.append("t/a", event(2))];
    expect(ids.every((id) => /^\d+-\d+$/.test(id))).toBe(true);
    expect(await log.has("t/a")).toBe(true);
    expect(await log.has("t/a", ids[0])).toBe(true);
    expect(await log.has("t/a", "1-1")).toBe(false);
    expect(await log.has("t/a", "not an id")).toBe(false);
    expect(await log.has("t/b")).toBe(false);
    const read: string[] = [];
    const reading = (async () => {
      for await (const { event } of log.read("t/a", ids[0]!, new AbortController().signal))
        read.push(event.type === "RUN_FINISHED" ? "end" : (event as { delta?: string }).delta!);
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await log.append("t/a", event(3));
    await log.append("t/a", { type: "RUN_FINISHED", threadId: "t", runId: "a" } as BaseEvent);
    await reading;
    expect(read).toEqual(["2", "3", "end"]);
  });

  it("ends a reader at end(), stops one whose signal aborts, and one whose stream is gone", async () => {
    const log = logOf();
    await log.append("t/e", event(1));
    const gone = new AbortController();
    const read = async (run: string, signal = new AbortController().signal) => {
      const seen: string[] = [];
      for await (const { id } of log.read(run, null, signal)) seen.push(id);
      return seen;
    };
    const ending = read("t/e");
    const aborted = read("t/e", gone.signal);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await log.end("t/e");
    expect(await ending).toHaveLength(1);
    gone.abort();
    expect(await aborted).toHaveLength(1);
    expect(await read("t/never")).toEqual([]);
  });

  it("trims each stream to maxLen entries and expires it ttlMs after its end", async () => {
    const log = logOf({ maxLen: 5, ttlMs: 300 });
    for (let n = 0; n < 20; n++) await log.append("t/trim", event(n));
    const raw = createClient({ url });
    await raw.connect();
    try {
      const key = "tandem:run:t/trim";
      expect(await raw.xLen(key)).toBe(5);
      expect(await raw.pTTL(key)).toBeGreaterThan(300);
      await log.end("t/trim");
      expect(await raw.pTTL(key)).toBeLessThanOrEqual(300);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await raw.exists(key)).toBe(0);
    } finally {
      await raw.close();
    }
  });

  it("serves resumableRuns: a dropped response read on after Last-Event-ID, each word once", async () => {
    const log = logOf();
    const runs = resumableRuns<IncomingMessage>({ authorize: () => true, log });
    const server = await listen(agentHandler({ runs, source: (input) => paced(wordsOf(words, input.threadId, input.runId), 2) }));
    try {
      const first = await readFramesThenDrop(await post(server.url, { runId: "redis-1" }), 12);
      const rest = await readAll(await post(server.url, { runId: "redis-1" }, { "last-event-id": sseIds(first).at(-1)! }));
      expect(said(first + rest)).toBe(words.join(""));
      expect(new Set(sseIds(first + rest)).size).toBe(parseSse(first + rest).length);
      expect(await log.has(runKey("t", "redis-1"))).toBe(true);
    } finally {
      await runs.close();
      await server.close();
    }
  });

  it("keeps a run going past idleMs while a client reads it on another instance, and stops it once nobody does", async () => {
    // Two instances in this process over one Redis; the run lasts about 1.2 s, idleMs is 300 ms.
    const instances = await Promise.all(
      ["a", "b"].map(async () => {
        const runs = resumableRuns<IncomingMessage>({ authorize: () => true, log: logOf(), idleMs: 300 });
        const server = await listen(agentHandler({ runs, source: (input) => paced(wordsOf(words, input.threadId, input.runId), 30) }));
        return { runs, server };
      }),
    );
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    try {
      const first = await readFramesThenDrop(await post(a.server.url, { runId: "across-idle" }), 4);
      const rest = await readAll(await post(b.server.url, { runId: "across-idle" }, { "last-event-id": sseIds(first).at(-1)! }));
      expect(parseSse(rest).at(-1)?.type).toBe("RUN_FINISHED");
      expect(said(first + rest)).toBe(words.join(""));
      // Nobody reads this one after its drop: instance a stops it once idleMs passed, long before its end.
      await readFramesThenDrop(await post(a.server.url, { runId: "left" }), 4);
      await new Promise((resolve) => setTimeout(resolve, 700));
      const left = await readAll(await fetch(`${b.server.url}/resume/t/left`));
      expect(parseSse(left).at(-1)).toMatchObject({ type: "RUN_ERROR", code: "abandoned" });
    } finally {
      for (const { runs, server } of instances) {
        await runs.close();
        await server.close();
      }
    }
  });
});

describe.skipIf(redis.skip !== undefined)("two server instances over one Redis, behind a round-robin proxy", () => {
  let instances: Instance[] = [];
  let proxy: RoundRobinProxy;
  beforeAll(async () => {
    instances = await Promise.all([startInstance({ redis: url, name: "a" }), startInstance({ redis: url, name: "b" })]);
    proxy = await roundRobinProxy(instances.map((i) => i.port));
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    await Promise.all(instances.map((i) => i.stop()));
  });

  it("resumes on one instance a reply dropped on the other: the reply ends whole, each word once", async () => {
    const started = await post(proxy.url, { threadId: "shared", runId: "across" });
    const first = await readFramesThenDrop(started, 8);
    const resumed = await post(proxy.url, { threadId: "shared", runId: "across" }, { "last-event-id": sseIds(first).at(-1)! });
    expect(resumed.headers.get("x-instance")).not.toBe(started.headers.get("x-instance"));
    const rest = await readAll(resumed);
    expect(said(first + rest)).toBe(words.join(""));
    expect(parseSse(first + rest).at(-1)?.type).toBe("RUN_FINISHED");
    const ids = sseIds(first + rest);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(parseSse(first + rest).length);
  });

  it("joins from the other instance at GET /resume/:threadId/:runId, and finds no run through another thread", async () => {
    const whole = await readAll(await post(proxy.url, { threadId: "joined", runId: "j" }));
    const joined = await fetch(`${proxy.url}/resume/joined/j`);
    expect(await joined.text()).toBe(whole);
    expect((await fetch(`${proxy.url}/resume/elsewhere/j`)).status).toBe(404);
  });
});

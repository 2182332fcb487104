// A load test of @tandem/server over loopback HTTP: 1,000 runs from many clients at once, read
// whole, abandoned, dropped and resumed, or hostile (requests and agents), with the heap measured
// after a full GC before and after. The bound it asserts is the one the docs state
// (docs/guide/server.md, "Bounds").
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { BaseEvent } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import type { EventSource } from "./agentEvents.js";
import { agentHandler } from "./handler.js";
import { memoryEventLog } from "./memoryEventLog.js";
import { resumableRuns } from "./resumableRuns.js";
import { listen, paced, parseSse, post, readAll, readFramesThenDrop, said, sseIds, until, wordsOf } from "./test/http.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const heapAfterGc = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const MiB = 1024 * 1024;
const words = Array.from({ length: 20 }, (_, i) => `w${i} `);
const event = (fields: Record<string, unknown>) => fields as BaseEvent;

/** Agents that try to hurt the server: huge, endless, throwing, polluting, not AG-UI at all. */
const HOSTILE_SOURCES: Record<string, (threadId: string, runId: string) => EventSource> = {
  megabyte: (threadId, runId) => [
    event({ type: "RUN_STARTED", threadId, runId }),
    event({ type: "STATE_DELTA", delta: [{ op: "add", path: "/big", value: "x".repeat(MiB) }] }),
    event({ type: "RUN_FINISHED", threadId, runId }),
  ],
  flood: (threadId, runId) =>
    (function* () {
      yield event({ type: "RUN_STARTED", threadId, runId });
      for (let i = 0; ; i++) yield event({ type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: `${i} ` });
    })(),
  throws: (threadId, runId) =>
    (async function* () {
      yield event({ type: "RUN_STARTED", threadId, runId });
      throw new Error("the agent broke");
    })(),
  silent: () =>
    (async function* () {
      await new Promise(() => {});
    })() as AsyncIterable<BaseEvent>,
  pollute: (threadId, runId) => [
    event({ type: "RUN_STARTED", threadId, runId }),
    event({ type: "STATE_SNAPSHOT", snapshot: JSON.parse('{"__proto__": {"polluted": "yes"}}') }),
    event({ type: "RUN_FINISHED", threadId, runId }),
  ],
  "not-events": () => [1, null, "text", { noType: true }] as unknown as BaseEvent[],
};

/** Requests a client should never send, each answered 4xx. */
const hostileRequest = (url: string, n: number): Promise<Response> => {
  const raw = (body: string, headers: Record<string, string> = {}) =>
    fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
  switch (n % 6) {
    case 0:
      return raw("{not json");
    case 1:
      return raw(`${"[".repeat(10_000)}${"]".repeat(10_000)}`);
    case 2:
      return raw("x".repeat(2 * MiB));
    case 3:
      return post(url, { threadId: `load-${n - 3}`, runId: `r${n - 3}` }, { cookie: "session=mallory", "last-event-id": "1" });
    case 4:
      return post(url, { threadId: `load-${n}`, runId: `r${n}` }, { cookie: "session=ann", "last-event-id": "9".repeat(600) });
    default:
      return fetch(`${url}/resume/${"%".repeat(50)}/x`);
  }
};

describe("@tandem/server under load", () => {
  it("serves 1,000 runs from 50 clients at once, hostile ones among them, holds at most maxRuns, and leaks nothing", async () => {
    const errors: unknown[] = [];
    const owners = new Map<string, string>();
    const log = memoryEventLog({ maxRuns: 200, ttlMs: 3_000 });
    const runs = resumableRuns<import("node:http").IncomingMessage>({
      log,
      idleMs: 5_000, // a resume on a loaded machine may come a second or more after its drop
      maxRuns: 1_000,
      maxEvents: 2_000,
      maxDurationMs: 2_000, // the silent agent is stopped after it
      onError: (error) => errors.push(error),
      authorize: (req, { threadId, kind }) => {
        const user = /session=(\w+)/.exec(req.headers.cookie ?? "")?.[1];
        if (user === undefined) return false;
        if (!owners.has(threadId) && kind === "start") owners.set(threadId, user);
        return owners.get(threadId) === user;
      },
    });
    const server = await listen(
      agentHandler({
        runs,
        maxBodyBytes: MiB,
        onError: (error) => errors.push(error),
        source: ({ threadId, runId, messages }) => {
          const asked = String(messages.at(-1)?.content ?? "");
          const hostile = HOSTILE_SOURCES[asked];
          return hostile ? hostile(threadId, runId) : paced(wordsOf(words, threadId, runId), 2);
        },
      }),
    );
    const url = `${server.url}/agent`;
    const ann = { cookie: "session=ann" };
    const whole = words.join("");

    /** One client's turn; n says which kind. Resolves to what it checked, or throws. */
    const turn = async (n: number): Promise<string> => {
      const ids = { threadId: `load-${n}`, runId: `r${n}` };
      switch (n % 5) {
        case 0: {
          expect(said(await readAll(await post(url, ids, ann)))).toBe(whole);
          return "whole";
        }
        case 1: {
          await readFramesThenDrop(await post(url, ids, ann), 2);
          return "abandoned";
        }
        case 2: {
          const first = await readFramesThenDrop(await post(url, ids, ann), 5);
          const rest = await readAll(await post(url, ids, { ...ann, "last-event-id": sseIds(first).at(-1)! }));
          expect(said(first + rest), JSON.stringify(parseSse(rest).at(-1))).toBe(whole);
          return "resumed";
        }
        case 3: {
          const answer = await hostileRequest(url, n).catch((error: Error) => {
            // The 2 MiB body is answered 413 and its connection closed before the upload ends:
            // a client still sending may see the close instead of the answer (HTTP allows both).
            if (n % 6 === 2) return undefined;
            throw error;
          });
          if (answer === undefined) return "refused";
          await answer.body?.cancel();
          expect(answer.status, `hostile request ${n % 6}`).toBeGreaterThanOrEqual(400);
          expect(answer.status).toBeLessThan(500);
          return "refused";
        }
        default: {
          const names = Object.keys(HOSTILE_SOURCES);
          const name = names[Math.floor(n / 5) % names.length]!;
          const text = await readAll(await post(url, { ...ids, messages: [{ id: "q", role: "user", content: name }] }, ann));
          const last = parseSse(text).at(-1);
          expect(["RUN_FINISHED", "RUN_ERROR"], `the ${name} agent's run`).toContain(last?.type);
          return `hostile agent`;
        }
      }
    };
    const clients = 50;
    const total = 1_000;
    /** Turns from..to, `clients` at a time: each client takes the next turn as soon as its last one is done. */
    const run = async (from: number, to: number) => {
      const done: string[] = [];
      let next = from;
      const client = async () => {
        while (next < to) {
          const n = next++;
          done.push(
            await turn(n).catch((error: Error) => {
              throw new Error(`turn ${n} (kind ${n % 5}, hostile ${n % 6}): ${error.message}`, { cause: error });
            }),
          );
        }
      };
      await Promise.all(Array.from({ length: clients }, client));
      return done;
    };

    await run(-100, 0); // warm: code compiled, sockets pooled
    await until(() => runs.stats().producing === 0 && log.size() === 0, 20_000);
    const before = heapAfterGc();
    const started = performance.now();
    let mostHeld = 0;
    const watch = setInterval(() => {
      mostHeld = Math.max(mostHeld, log.size());
    }, 5);
    const done = await run(0, total);
    const elapsed = performance.now() - started;
    await until(() => runs.stats().producing === 0 && runs.stats().readers === 0, 10_000);
    clearInterval(watch);
    const full = heapAfterGc() - before;
    // Every run's time to live over: what is left is what the server leaked.
    await until(() => log.size() === 0, 20_000);
    const leaked = heapAfterGc() - before;
    console.log(
      `1,000 runs, 50 clients at once: ${Math.round(elapsed)} ms; heap after GC ${(before / MiB).toFixed(1)} MiB before, ` +
        `${(full / MiB).toFixed(1)} MiB more with the log full (${mostHeld} runs at most), ${(leaked / MiB).toFixed(1)} MiB more once it emptied`,
    );
    expect(done).toHaveLength(total);
    expect(new Set(done)).toEqual(new Set(["whole", "abandoned", "resumed", "refused", "hostile agent"]));
    expect(runs.stats()).toEqual({ producing: 0, readers: 0 });
    expect(mostHeld).toBeLessThanOrEqual(200);
    expect(leaked).toBeLessThan(4 * MiB);
    // The server is still whole: a new run is served, and Object.prototype was not touched.
    expect(said(await readAll(await post(url, { threadId: "after", runId: "after" }, ann)))).toBe(whole);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await runs.close();
    await server.close();
  }, 120_000);
});

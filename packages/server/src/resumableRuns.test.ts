import type { IncomingMessage } from "node:http";
import net from "node:net";
import type { BaseEvent } from "@ag-ui/core";
import { afterEach, describe, expect, it } from "vitest";
import type { EventSource } from "./agentEvents.js";
import type { EventLog } from "./eventLog.js";
import { agentHandler } from "./handler.js";
import { memoryEventLog } from "./memoryEventLog.js";
import { type ResumableRunsOptions, type RunAccess, resumableRuns } from "./resumableRuns.js";
import { listen, paced, parseSse, post, readAll, readFramesThenDrop, said, sseIds, until, wordsOf } from "./test/http.js";

const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

const words = Array.from({ length: 30 }, (_, i) => `w${i} `);
const allow = () => true;

/** A real server answering every POST and the join endpoint with `runs`, over `source`. */
async function serve(options: Partial<ResumableRunsOptions<IncomingMessage>>, source: (runId: string, threadId: string) => EventSource) {
  const errors: unknown[] = [];
  const runs = resumableRuns<IncomingMessage>({ authorize: allow, onError: (error) => errors.push(error), ...options });
  const server = await listen(agentHandler({ runs, source: (input) => source(input.runId, input.threadId) }));
  closing.push(async () => {
    await runs.close();
    await server.close();
  });
  return { url: server.url, runs, errors, server };
}

describe("resumable runs", () => {
  it("gives every event an id, and a request repeated with Last-Event-ID reads on after it: each word once", async () => {
    const { url } = await serve({}, (runId, threadId) => paced(wordsOf(words, threadId, runId), 2));
    const first = await readFramesThenDrop(await post(url, { runId: "r1" }), 10);
    expect(sseIds(first)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
    const rest = await readAll(await post(url, { runId: "r1" }, { "last-event-id": "10" }));
    expect(said(first + rest)).toBe(words.join(""));
    expect(sseIds(first + rest)).toEqual(parseSse(first + rest).map((_, i) => String(i + 1)));
    expect(parseSse(rest).at(-1)?.type).toBe("RUN_FINISHED");
  });

  it("joins a run at GET /resume/:threadId/:runId, from its first event or after Last-Event-ID", async () => {
    const { url } = await serve({}, (runId, threadId) => paced(wordsOf(words, threadId, runId), 2));
    const whole = await readAll(await post(url, { threadId: "t 1", runId: "r/2" }));
    const joined = await readAll(await fetch(`${url}/resume/t%201/r%2F2`));
    const after = await readAll(await fetch(`${url}/resume/t%201/r%2F2`, { headers: { "last-event-id": "31" } }));
    expect(joined).toBe(whole);
    expect(sseIds(after)).toEqual(["32", "33", "34"]);
  });

  it("lets no request the authorize hook refuses start, resume, join or replay a run (403), and asks it about each", async () => {
    const asked: Array<[string | undefined, RunAccess]> = [];
    /** Alice's session owns thread "alice"; nobody else may touch it. */
    const authorize = (req: IncomingMessage, access: RunAccess) => {
      asked.push([req.headers.cookie, access]);
      return req.headers.cookie === "session=alice" && access.threadId === "alice";
    };
    const { url } = await serve({ authorize }, (runId, threadId) => paced(wordsOf(words, threadId, runId), 1));
    const alice = { cookie: "session=alice" };
    const bob = { cookie: "session=bob" };
    expect((await post(url, { threadId: "alice", runId: "r" }, bob)).status).toBe(403);
    const own = await readAll(await post(url, { threadId: "alice", runId: "r" }, alice));
    expect(said(own)).toBe(words.join(""));

    const refused = [
      await post(url, { threadId: "alice", runId: "r" }, { ...bob, "last-event-id": "3" }),
      await post(url, { threadId: "alice", runId: "r" }, bob),
      await fetch(`${url}/resume/alice/r`, { headers: bob }),
      await fetch(`${url}/resume/alice/r`, { headers: { ...bob, "last-event-id": "3" } }),
    ];
    for (const response of refused) {
      expect(response.status).toBe(403);
      expect(await response.text()).not.toContain("w1");
    }
    expect(asked.map(([cookie, { kind }]) => `${cookie} ${kind}`)).toEqual([
      "session=bob start",
      "session=alice start",
      "session=bob resume",
      "session=bob join",
      "session=bob join",
      "session=bob resume",
    ]);
  });

  it("answers 403 when the authorize hook throws, and keeps serving", async () => {
    const { url, errors } = await serve(
      {
        authorize: () => {
          throw new Error("session store down");
        },
      },
      (runId, threadId) => wordsOf(words, threadId, runId),
    );
    expect((await post(url, { runId: "x" })).status).toBe(403);
    expect(errors).toEqual([expect.objectContaining({ message: "session store down" })]);
  });

  it("finds no run through another thread: a resume or join naming its runId under another threadId is 404", async () => {
    const { url } = await serve({}, (runId, threadId) => wordsOf(words, threadId, runId));
    await readAll(await post(url, { threadId: "mine", runId: "shared-id" }));
    expect((await post(url, { threadId: "other", runId: "shared-id" }, { "last-event-id": "2" })).status).toBe(404);
    expect((await fetch(`${url}/resume/other/shared-id`)).status).toBe(404);
    expect((await fetch(`${url}/resume/mine/shared-id`, { headers: { "last-event-id": "2" } })).status).toBe(200);
  });

  it("answers 404 to a resume after an event id the run does not hold", async () => {
    const { url } = await serve({}, (runId, threadId) => wordsOf(words, threadId, runId));
    await readAll(await post(url, { runId: "known" }));
    expect((await post(url, { runId: "known" }, { "last-event-id": "999" })).status).toBe(404);
    expect((await post(url, { runId: "never" }, { "last-event-id": "1" })).status).toBe(404);
  });

  it("ends a run whose source throws with RUN_ERROR, tells onError, hides the message, and Node keeps serving", async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on("unhandledRejection", onRejection);
    try {
      const { url, errors } = await serve({}, (runId, threadId) =>
        runId === "throws"
          ? (async function* () {
              yield wordsOf([], threadId, runId)[0]!;
              throw new Error("secret database password in a stack");
            })()
          : wordsOf(words, threadId, runId),
      );
      const text = await readAll(await post(url, { runId: "throws" }));
      expect(parseSse(text).map((e) => e.type)).toEqual(["RUN_STARTED", "RUN_ERROR"]);
      expect(parseSse(text)[1]).toMatchObject({ code: "agent_error", message: "The agent failed" });
      expect(text).not.toContain("secret");
      expect(errors).toEqual([expect.objectContaining({ message: "secret database password in a stack" })]);
      expect(said(await readAll(await post(url, { runId: "fine" })))).toBe(words.join(""));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(rejections).toEqual([]);
    } finally {
      process.off("unhandledRejection", onRejection);
    }
  });

  it("ends a run whose source throws before its first event, or is not a source at all, with RUN_ERROR", async () => {
    const { url } = await serve({}, (runId) => {
      if (runId === "sync") throw new Error("no agent");
      return [{ notAnEvent: true } as unknown as BaseEvent];
    });
    for (const runId of ["sync", "garbage"]) {
      const events = parseSse(await readAll(await post(url, { runId })));
      expect(events.map((e) => e.type)).toEqual(["RUN_ERROR"]);
    }
  });

  it("ends a run whose event log fails with RUN_ERROR for its readers, and Node keeps running", async () => {
    const memory = memoryEventLog();
    let appends = 0;
    const failing: EventLog = {
      ...memory,
      append: async (run, event) => {
        if (++appends > 3) throw new Error("log is down");
        return memory.append(run, event);
      },
      end: async () => {
        throw new Error("log is still down");
      },
    };
    const { url, errors, runs } = await serve({ log: failing }, (runId, threadId) => paced(wordsOf(words, threadId, runId), 1));
    const events = parseSse(await readAll(await post(url, { runId: "r" })));
    expect(events.map((e) => e.type)).toEqual(["RUN_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "RUN_ERROR"]);
    expect(events.at(-1)).toMatchObject({ code: "event_log_error" });
    expect(errors.map((e) => (e as Error).message)).toContain("log is down");
    await until(() => runs.stats().producing === 0);
  });

  it("ends a run past maxEvents or maxBytes with RUN_ERROR run_too_large", async () => {
    const { url } = await serve({ maxEvents: 10, maxBytes: 2_000 }, (runId, threadId) =>
      runId === "long" ? wordsOf(words, threadId, runId) : wordsOf(["x".repeat(1_500), "y".repeat(1_500)], threadId, runId),
    );
    const long = parseSse(await readAll(await post(url, { runId: "long" })));
    expect(long).toHaveLength(11);
    expect(long.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "run_too_large" });
    const big = parseSse(await readAll(await post(url, { runId: "big" })));
    expect(big.map((e) => e.delta ?? e.type)).toEqual(["RUN_STARTED", "TEXT_MESSAGE_START", "x".repeat(1_500), "RUN_ERROR"]);
  });

  it("answers 503 to a start beyond maxRuns at once, and starts again once one ended", async () => {
    const { url } = await serve({ maxRuns: 2 }, (runId, threadId) => paced(wordsOf(words, threadId, runId), 20));
    const a = await post(url, { runId: "a" });
    const b = await post(url, { runId: "b" });
    const c = await post(url, { runId: "c" });
    expect([a.status, b.status, c.status]).toEqual([200, 200, 503]);
    expect(c.headers.get("retry-after")).toBe("1");
    await readAll(a);
    expect((await post(url, { runId: "d" })).status).toBe(200);
    await readAll(b);
  });

  it("stops a run nobody reads after idleMs, and a run that never yields after maxDurationMs, each with RUN_ERROR", async () => {
    const never = () => ({ [Symbol.asyncIterator]: () => ({ next: () => new Promise<IteratorResult<BaseEvent>>(() => {}) }) });
    const { url, runs } = await serve({ idleMs: 50, maxDurationMs: 300 }, (runId, threadId) =>
      runId === "silent" ? never() : paced(wordsOf(words, threadId, runId), 60_000),
    );
    await readFramesThenDrop(await post(url, { runId: "left" }), 1);
    await until(() => runs.stats().producing === 0);
    const left = parseSse(await readAll(await post(url, { runId: "left" }, { "last-event-id": "1" })));
    expect(left.map((e) => e.code ?? e.type)).toEqual(["abandoned"]);

    const silent = parseSse(await readAll(await post(url, { runId: "silent" })));
    expect(silent).toEqual([expect.objectContaining({ type: "RUN_ERROR", code: "run_timeout" })]);
    expect(runs.stats()).toEqual({ producing: 0, readers: 0 });
  });

  it("stop() ends a run with RUN_ERROR stopped", async () => {
    const { url, runs } = await serve({}, (runId, threadId) => paced(wordsOf(words, threadId, runId), 20));
    const response = await post(url, { threadId: "t", runId: "s" });
    await until(() => runs.stats().producing === 1);
    expect(runs.stop("other", "s")).toBe(false);
    expect(runs.stop("t", "s")).toBe(true);
    expect(parseSse(await readAll(response)).at(-1)).toMatchObject({ type: "RUN_ERROR", code: "stopped" });
  });

  it("waits for drain: a client that does not read holds the server's writes to what the socket takes", async () => {
    const chunk = "z".repeat(100_000);
    let accepted = 0;
    const runs = resumableRuns<IncomingMessage>({ authorize: allow, maxBytes: 64 * 1024 * 1024, onError: () => {} });
    const handler = agentHandler({ runs, source: (input) => wordsOf(Array(400).fill(chunk), input.threadId, input.runId) });
    const server = await listen((req, res) => {
      const write = res.write.bind(res) as (chunk: string) => boolean;
      res.write = ((data: string) => {
        accepted += data.length;
        return write(data);
      }) as typeof res.write;
      void handler(req, res);
    });
    closing.push(async () => {
      await runs.close();
      await server.close();
    });
    const socket = net.connect(Number(new URL(server.url).port), "127.0.0.1");
    socket.pause();
    const body = JSON.stringify({ threadId: "t", runId: "slow" });
    socket.write(`POST / HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // 40 MB made; without backpressure all of it would sit in the response's buffer by now.
    console.log(`backpressure: ${Math.round(accepted / 1024)} KiB accepted by the response while the client did not read`);
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(16 * 1024 * 1024);
    let received = 0;
    const done = new Promise<void>((resolve) =>
      socket.on("data", (data: Buffer) => {
        received += data.length;
        if (data.toString("latin1").includes("RUN_FINISHED")) resolve();
      }),
    );
    socket.resume();
    await done;
    socket.destroy();
    expect(received).toBeGreaterThan(40_000_000);
  });

  it("holds at most the log's maxRuns after 1,000 runs, finished or abandoned, and produces none after", async () => {
    const log = memoryEventLog({ maxRuns: 100, ttlMs: 60_000 });
    const runs = resumableRuns<null>({ authorize: allow, log, idleMs: 10, maxRuns: 1_000 });
    closing.push(() => runs.close());
    const before = process.memoryUsage().heapUsed;
    const started = Date.now();
    /** Odd runs are read to their end; even ones are left after two events (the client went away). */
    const one = async (n: number) => {
      const threadId = `t${n}`;
      const runId = `r${n}`;
      const client = new AbortController();
      const input = { threadId, runId, messages: [], tools: [], context: [], state: {}, forwardedProps: {} };
      const source = () => (n % 2 ? wordsOf(words, threadId, runId) : paced(wordsOf(words, threadId, runId), 5));
      const stream = await runs.open({ request: null, threadId, runId, input, signal: client.signal }, source);
      if (stream.status !== 200) throw new Error(`run ${n}: ${stream.error}`);
      let read = 0;
      for await (const _ of stream.frames) if (++read === 2 && n % 2 === 0) break;
      client.abort();
      return read;
    };
    for (let batch = 0; batch < 10; batch++) await Promise.all(Array.from({ length: 100 }, (_, i) => one(batch * 100 + i)));
    await until(() => runs.stats().producing === 0, 10_000);
    expect(log.size()).toBeLessThanOrEqual(100);
    expect(runs.stats()).toEqual({ producing: 0, readers: 0 });
    const grown = process.memoryUsage().heapUsed - before;
    console.log(
      `1,000 runs in ${Date.now() - started} ms: heap ${Math.round(grown / 1024)} KiB larger (before GC), ${log.size()} runs held`,
    );
  });
});

describe("open, for servers that take a run's ids and its input apart (Fetch-style handlers)", () => {
  it("refuses (400) an input of another thread or run than the request names, or not a run's input, before authorize or the source", async () => {
    const asked: RunAccess[] = [];
    let sourced = 0;
    const runs = resumableRuns<null>({ authorize: (_request, access) => asked.push(access) > 0 });
    closing.push(() => runs.close());
    const input = { threadId: "bens-thread", runId: "r", messages: [], tools: [], context: [], state: {}, forwardedProps: {} };
    const open = (overrides: object) =>
      runs.open(
        {
          request: null,
          threadId: "anns-thread",
          runId: "r",
          input: { ...input, ...overrides } as never,
          signal: new AbortController().signal,
        },
        () => {
          sourced++;
          return wordsOf(["no"]);
        },
      );
    const answers = await Promise.all([
      open({}),
      open({ threadId: "anns-thread", runId: "another" }),
      open({ threadId: "anns-thread", messages: "hi" }),
      open({ threadId: "anns-thread", tools: {} }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400]);
    const notAnObject = await runs.open({
      request: null,
      threadId: "anns-thread",
      runId: "r",
      input: [] as never,
      signal: new AbortController().signal,
    });
    expect(notAnObject.status).toBe(400);
    expect([asked, sourced]).toEqual([[], 0]);
    const fine = await open({ threadId: "anns-thread" });
    expect(fine.status).toBe(200);
  });
});

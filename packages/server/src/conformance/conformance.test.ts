import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { RunAgentInput } from "@ag-ui/core";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { startPostgres } from "../../../../scripts/ensure-postgres.mjs";
import { startRedis } from "../../../../scripts/ensure-redis.mjs";
import type { EventLog } from "../eventLog.js";
import { agentHandler } from "../handler.js";
import { postgresThreadStore } from "../postgres/index.js";
import { redisEventLog } from "../redis/index.js";
import { type RunAccess, resumableRuns } from "../resumableRuns.js";
import { agentSocketHandler, type SocketRuns } from "../socket/agentSocketHandler.js";
import { sqliteThreadStore } from "../sqlite/index.js";
import { listen, paced, wordsOf } from "../test/http.js";
import { memoryThreadStore } from "../threads/memoryThreadStore.js";
import type { ThreadStore } from "../threads/threadStore.js";
import { threadsHandler } from "../threads/threadsHandler.js";
import { main } from "./cli.js";

const sessionUser = (cookie: string | undefined) => /(?:^|;\s*)session=([^;]+)/.exec(cookie ?? "")?.[1];
const closers: (() => Promise<void>)[] = [];
const redis = await startRedis();
if (redis.skip !== undefined) console.log(`Skipping the Redis conformance run: ${redis.skip}`);
afterAll(() => (redis.skip === undefined ? redis.stop() : undefined));
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** The CLI run in this process: its exit code and what it wrote. */
async function conformance(...args: string[]): Promise<{ code: number; out: string }> {
  let out = "";
  const code = await main(args, (text) => {
    out += text;
  });
  return { code, out };
}

const twoUsers = ["--user-a", "cookie: session=ann", "--user-b", "cookie: session=ben"];

describe("tandem-conformance threads", () => {
  it("passes @tandem/server's threadsHandler, every rule, two users and an anonymous request included", async () => {
    const server = await listen(threadsHandler({ store: memoryThreadStore(), authorize: (req) => sessionUser(req.headers.cookie) }));
    closers.push(server.close);
    const { code, out } = await conformance(
      "threads",
      `${server.url}/threads`,
      "--user-a",
      "cookie: session=ann",
      "--user-b",
      "cookie: session=ben",
    );
    expect(out).toMatch(/10 passed, 0 failed, 0 skipped/);
    expect(code).toBe(0);
  });

  it("passes threadsHandler over SQLite and over PostgreSQL, two users included", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tandem-conformance-"));
    const postgres = await startPostgres();
    closers.push(async () => {
      rmSync(dir, { recursive: true, force: true });
      if (postgres.skip === undefined) await postgres.stop();
    });
    const stores: ThreadStore[] = [await sqliteThreadStore({ url: join(dir, "threads.db") })];
    if (postgres.skip === undefined) stores.push(await postgresThreadStore({ connectionString: postgres.url }));
    else console.log(`Skipping the PostgreSQL conformance run: ${postgres.skip}`);
    for (const store of stores) {
      const server = await listen(threadsHandler({ store, authorize: (req) => sessionUser(req.headers.cookie) }));
      closers.unshift(async () => {
        await server.close();
        await store.close();
      });
      const { code, out } = await conformance("threads", `${server.url}/threads`, ...twoUsers);
      expect(out).toMatch(/10 passed, 0 failed, 0 skipped/);
      expect(code).toBe(0);
    }
  });

  it("fails a server that shows one user's threads to another, naming the rule", async () => {
    // A misconfigured authorize: every request gets the same owner.
    const server = await listen(threadsHandler({ store: memoryThreadStore(), authorize: () => "everyone" }));
    closers.push(server.close);
    const { code, out } = await conformance(
      "threads",
      `${server.url}/threads`,
      "--user-a",
      "cookie: session=ann",
      "--user-b",
      "cookie: session=ben",
    );
    expect(out).toMatch(/✗ another user neither lists, loads, renames nor removes a user's thread: the other user lists it/);
    expect(out).toMatch(/✗ a request that proves no user answers 401: answered 200, not 401/);
    expect(code).toBe(1);
  });

  it("runs as the package's bin, from the build", async () => {
    const server = await listen(threadsHandler({ store: memoryThreadStore(), authorize: (req) => sessionUser(req.headers.cookie) }));
    closers.push(server.close);
    const bin = fileURLToPath(new URL("../../bin/tandem-conformance.mjs", import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, [
      bin,
      "threads",
      `${server.url}/threads`,
      "--user-a",
      "cookie: session=ann",
    ]);
    expect(stdout).toMatch(/8 passed, 0 failed, 2 skipped/);
  });
});

/** A user may start a run on a thread that is theirs (or new), and resume or join only those (the docs' sample). */
function ownersOnly() {
  const owners = new Map<string, string>();
  return (req: IncomingMessage, { threadId, kind }: RunAccess) => {
    const user = sessionUser(req.headers.cookie);
    if (user === undefined) return false;
    if (!owners.has(threadId) && kind === "start") owners.set(threadId, user);
    return owners.get(threadId) === user;
  };
}

/** An agent server over `runs`: a dozen words, one every 5 ms. */
async function agentServer(runs: ReturnType<typeof resumableRuns<IncomingMessage>>) {
  const words = Array.from({ length: 12 }, (_, i) => `w${i} `);
  const server = await listen(agentHandler({ runs, source: (input) => paced(wordsOf(words, input.threadId, input.runId), 5) }));
  closers.push(async () => {
    await server.close();
    await runs.close();
  });
  return server;
}

describe("tandem-conformance runs", () => {
  const logs: [string, () => EventLog | undefined][] = [
    ["the memory log", () => undefined],
    ...(redis.skip === undefined
      ? ([
          [
            "a Redis Streams log",
            () => {
              const log = redisEventLog({ url: redis.url, blockMs: 200 });
              closers.push(() => log.close());
              return log;
            },
          ],
        ] as [string, () => EventLog][])
      : []),
  ];
  it.each(logs)("passes @tandem/server's agentHandler over %s, every rule but the capabilities", async (_name, logOf) => {
    const log = logOf();
    const server = await agentServer(resumableRuns({ authorize: ownersOnly(), ...(log && { log }) }));
    const join = `${server.url}/resume/{threadId}/{runId}`;
    const { code, out } = await conformance("runs", `${server.url}/agent`, "--join", join, ...twoUsers);
    expect(out).toMatch(/10 passed, 0 failed, 1 skipped/);
    expect(out).toMatch(/- the capabilities say transport.resumable is true: no capabilities URL given/);
    expect(code).toBe(0);
  });

  it("fails a server that runs the turn again for a repeated request, and one that lets anyone resume", async () => {
    // Ids on every event, but each request is a new run of the agent: Last-Event-ID is ignored.
    const naive = await listen(async (req, res) => {
      for await (const _ of req);
      if (req.method !== "POST") return void res.writeHead(405).end();
      res.writeHead(200, { "content-type": "text/event-stream" });
      const run = Math.random().toString(36).slice(2);
      for (const [i, event] of wordsOf(["one ", "two "], "t", run).entries())
        res.write(`id: ${run}-${i}\ndata: ${JSON.stringify(event)}\n\n`);
      res.end();
    });
    closers.push(naive.close);
    const rerun = await conformance("runs", naive.url, "--anonymous-allowed");
    expect(rerun.out).toMatch(/✗ a request repeated with Last-Event-ID answers the events after that one, and only those/);
    expect(rerun.out).toMatch(/✗ a request repeated without Last-Event-ID reads the same run from its first event.*the turn ran again/);
    expect(rerun.out).toMatch(/✗ a body that is not a run's input answers 4xx/);
    expect(rerun.code).toBe(1);

    const open = await agentServer(resumableRuns({ authorize: () => true }));
    const anyone = await conformance("runs", `${open.url}/agent`, ...twoUsers);
    expect(anyone.out).toMatch(/✗ another user can neither resume nor join a user's run: a resume by the other user answered 200/);
    expect(anyone.out).toMatch(/✗ a request that proves no user is refused \(401 or 403\): answered 200/);
    expect(anyone.code).toBe(1);
  });
});

describe("tandem-conformance runs --websocket", () => {
  it("passes @tandem/server's agentSocketHandler beside agentHandler, over one resumableRuns: every rule", async () => {
    const runs = resumableRuns<IncomingMessage>({ authorize: () => true, onError: () => {} });
    const server = await agentServer(runs);
    const source = (input: RunAgentInput) =>
      paced(
        wordsOf(
          Array.from({ length: 12 }, (_, i) => `w${i} `),
          input.threadId,
          input.runId,
        ),
        5,
      );
    const sockets = agentSocketHandler({ runs, source });
    server.server.on("upgrade", sockets.upgrade);
    closers.push(() => sockets.close());
    const { code, out } = await conformance("runs", `${server.url}/agent`, "--websocket");
    expect(out).toMatch(/9 passed, 0 failed, 0 skipped/);
    expect(code).toBe(0);
  });

  it("fails a socket server that answers with ids of its own, naming the rule", async () => {
    const runs = resumableRuns<IncomingMessage>({ authorize: () => true, onError: () => {} });
    const server = await agentServer(runs);
    const renumbered: SocketRuns = {
      stop: (threadId, runId) => runs.stop(threadId, runId),
      async open(request, source) {
        const stream = await runs.open(request, source);
        if (!("frames" in stream)) return stream;
        const frames = stream.frames;
        return {
          status: 200,
          frames: (async function* () {
            for await (const frame of frames) yield frame.replace(/^id: (.*)$/m, (_, id) => `id: x${id}`);
          })(),
        };
      },
    };
    const sockets = agentSocketHandler({
      runs: renumbered,
      source: (input) => paced(wordsOf(["a ", "b ", "c "], input.threadId, input.runId), 5),
    });
    server.server.on("upgrade", sockets.upgrade);
    closers.push(() => sockets.close());
    const { code, out } = await conformance("runs", `${server.url}/agent`, "--websocket");
    expect(out).toMatch(/✗ the same run read over HTTP has the same event ids/);
    expect(code).toBe(1);
  });
});

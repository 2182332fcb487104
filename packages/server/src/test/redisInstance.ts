// One server instance over a shared Redis, run as its own process by `startInstance` (instance.ts):
//   node --conditions=tandem-source --import tsx redisInstance.ts '<InstanceOptions as JSON>'
// It serves agentHandler over a Redis Streams log (any path but /threads) and, given a SQLite
// file, threadsHandler at /threads over it, whose owner is the `session` cookie's value. It names
// itself in an `x-instance` header, answers CORS for `origin` (credentials allowed), and talks to
// its parent over IPC: it says its port, and holds a run where the parent asks (see instance.ts).
// Its run: one reply of `replyWords` (40 words, `w0 ` to `w39 `), one event every `paceMs`.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { agentHandler, resumableRuns, threadsHandler } from "../index.js";
import { redisEventLog } from "../redis/index.js";
import { sqliteThreadStore } from "../sqlite/index.js";
import { wordsOf } from "./http.js";
import { type InstanceOptions, replyWords, type ToInstance } from "./instance.js";

const options = JSON.parse(process.argv[2] ?? "{}") as InstanceOptions;
const { name, paceMs = 25 } = options;
const send = (message: object) => process.send?.(message);

/** The hold the parent armed, if any: the next run to produce `afterEvents` events waits there for a release. */
let armed: { afterEvents: number; released: Promise<void> } | null = null;
/** Lets go of the last hold armed, whether a run waits at it yet or not. */
let release = () => {};
process.on("message", (message: ToInstance) => {
  if (message.type === "hold") {
    release();
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    armed = { afterEvents: message.afterEvents, released };
    send({ type: "armed" });
  } else if (message.type === "release") {
    armed = null;
    release();
  }
});

/** The run's events, paced; held after the armed count of events until the parent releases it. */
async function* reply(input: RunAgentInput): AsyncGenerator<BaseEvent> {
  let count = 0;
  for (const event of wordsOf([...replyWords], input.threadId, input.runId, `${input.runId}-reply`)) {
    yield event;
    count++;
    const hold = armed;
    if (hold && count === hold.afterEvents) {
      armed = null;
      send({ type: "reached", runId: input.runId });
      await hold.released;
    }
    await new Promise((resolve) => setTimeout(resolve, paceMs));
  }
}

const cors: Record<string, string> = options.origin
  ? {
      "access-control-allow-origin": options.origin,
      "access-control-allow-credentials": "true",
      "access-control-allow-methods": "GET, POST, PATCH, DELETE, OPTIONS",
      "access-control-allow-headers": "content-type, last-event-id",
      "access-control-max-age": "600",
      vary: "origin",
    }
  : {};
const headers = { ...cors, "x-instance": name };

const log = redisEventLog({ url: options.redis, blockMs: 1_000 });
// The agent's requests carry no cookie (the client sends none to the agent): any one may run.
const runs = resumableRuns<http.IncomingMessage>({ authorize: () => true, log, idleMs: 30_000 });
const agent = agentHandler({ runs, source: reply, headers });
const store = options.threads === undefined ? undefined : await sqliteThreadStore({ url: options.threads });
const threads =
  store &&
  threadsHandler({
    store,
    // The signed-in user is the `session` cookie's value.
    authorize: (req) => /(?:^|;\s*)session=([^;]+)/.exec(req.headers.cookie ?? "")?.[1],
    headers,
  });

const server = http.createServer((req, res) => {
  const path = new URL(req.url ?? "/", "http://local").pathname;
  void (threads && /^\/threads(\/|$)/.test(path) ? threads(req, res) : agent(req, res));
});
server.listen(0, "127.0.0.1", () => send({ type: "listening", port: (server.address() as AddressInfo).port }));

let closing: Promise<void> | undefined;
/** Stops serving, ends the runs it produces, closes the log and the store, and exits. */
function shutdown(): Promise<void> {
  closing ??= (async () => {
    release();
    server.closeAllConnections();
    server.close();
    await runs.close();
    await log.close();
    await store?.close();
    process.exit(0);
  })();
  return closing;
}
process.on("SIGTERM", shutdown);
// The parent is gone (a test run killed): nothing is left running.
process.on("disconnect", shutdown);

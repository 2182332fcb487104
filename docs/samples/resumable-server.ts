import http from "node:http";
import { HttpAgent } from "@ag-ui/client";
import type { BaseEvent, RunAgentInput } from "@tandem/core";
import { type EventLog, type LoggedEvent, resumableRuns } from "@tandem/server";

// #region node
// Any AbstractAgent (here @ag-ui/client's HttpAgent in front of another AG-UI server), or an
// async iterable of AG-UI events: each run goes into the event log as it is made, apart from the
// response, and a request repeated with Last-Event-ID reads on after that event.
const upstream = new HttpAgent({ url: "http://127.0.0.1:8000/agent" });
const runs = resumableRuns({
  // Every start, resume and join asks it first (the guide "The server" ties it to a session cookie).
  authorize: (req) => req.headers.authorization === `Bearer ${process.env.AGENT_TOKEN}`,
  idleMs: 30_000,
});

http
  .createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const input = JSON.parse(body) as RunAgentInput;
    await runs.handle(req, res, input, () => upstream);
  })
  .listen(3000);
// #endregion node

// #region iterable
async function* countdown(input: RunAgentInput): AsyncGenerator<BaseEvent> {
  const { threadId, runId } = input;
  yield { type: "RUN_STARTED", threadId, runId } as BaseEvent;
  yield { type: "TEXT_MESSAGE_START", messageId: runId, role: "assistant" } as BaseEvent;
  for (let n = 10; n > 0; n--) yield { type: "TEXT_MESSAGE_CONTENT", messageId: runId, delta: `${n} ` } as BaseEvent;
  yield { type: "TEXT_MESSAGE_END", messageId: runId } as BaseEvent;
  yield { type: "RUN_FINISHED", threadId, runId } as BaseEvent;
}

export async function answer(req: http.IncomingMessage, res: http.ServerResponse, input: RunAgentInput): Promise<void> {
  await runs.handle(req, res, input, () => countdown(input));
}
// #endregion iterable

// #region redis
/** The few Redis commands the log needs (e.g. from `ioredis`: `redis.xadd(...)` and so on). */
interface RedisStreams {
  xadd(key: string, id: "*", field: "event", value: string): Promise<string | null>;
  xrange(key: string, start: string, end: string, count?: "COUNT", n?: number): Promise<Array<[string, string[]]>>;
  xread(
    block: "BLOCK",
    ms: number,
    streams: "STREAMS",
    key: string,
    id: string,
  ): Promise<Array<[string, Array<[string, string[]]>]> | null>;
  expire(key: string, seconds: number): Promise<number>;
}

const END = JSON.stringify({ type: "__END__" });
const isEnd = (value: string) => value === END || /"type":"RUN_(FINISHED|ERROR)"/.test(value);

/** An EventLog over Redis Streams, one stream per run: every server instance can serve a resume. */
export function redisEventLog(redis: RedisStreams, keepSeconds = 300): EventLog {
  const key = (runId: string) => `tandem:run:${runId}`;
  return {
    async append(runId, event) {
      const id = await redis.xadd(key(runId), "*", "event", JSON.stringify(event));
      await redis.expire(key(runId), keepSeconds);
      return id!;
    },
    async has(runId, eventId) {
      const found = await redis.xrange(key(runId), eventId ?? "-", eventId ?? "+", "COUNT", 1);
      return found.length > 0;
    },
    async *read(runId, afterId, signal): AsyncGenerator<LoggedEvent> {
      let last = afterId ?? "0-0";
      while (!signal.aborted) {
        const batch = await redis.xread("BLOCK", 5_000, "STREAMS", key(runId), last);
        for (const [id, [, value = ""]] of batch?.[0]?.[1] ?? []) {
          last = id;
          if (value === END) return;
          yield { id, event: JSON.parse(value) as BaseEvent };
          if (isEnd(value)) return;
        }
      }
    },
    async end(runId) {
      await redis.xadd(key(runId), "*", "event", END);
    },
  };
}
// #endregion redis

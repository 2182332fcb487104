import http from "node:http";
import { HttpAgent } from "@ag-ui/client";
import type { BaseEvent, RunAgentInput } from "@tandem/core";
import { resumableRuns } from "@tandem/server";
import { redisEventLog } from "@tandem/server/redis";

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
// Every instance behind the load balancer reads and writes the same runs: one Redis stream per
// run, trimmed to maxLen entries and expired ttlMs after the run's end.
export const sharedRuns = resumableRuns({
  authorize: (req) => req.headers.authorization === `Bearer ${process.env.AGENT_TOKEN}`,
  log: redisEventLog({ url: process.env.REDIS_URL, ttlMs: 5 * 60_000 }),
  // Only the instance that produces a run stops it when nobody reads it, and it counts only its
  // own readers: give idleMs the length of a whole reply.
  idleMs: 5 * 60_000,
});
// #endregion redis

import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { restStorage, type ThreadChange } from "@tandem/core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as nextAgent from "../../../docs/samples/next-route.js";
import { DELETE, GET, PATCH, POST } from "../../../docs/samples/next-threads-route.js";
import { sessions } from "../../../docs/samples/server.js";
import { startExpress } from "../../../docs/samples/server-express.js";
import { startFastify } from "../../../docs/samples/server-fastify.js";
import { startHono } from "../../../docs/samples/server-hono.js";
import { fetchBridge, listen, parseSse, post, readAll, readFramesThenDrop, said, sseIds } from "./test/http.js";

/** A recipe's app, listening on loopback: where its agent, join endpoint and threads are. */
interface Mounted {
  agent: string;
  join(threadId: string, runId: string): string;
  threads: string;
  close(): Promise<void>;
}

const origin = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const closing = (server: Server) => () =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
const mountedAt = (url: string, close: () => Promise<void>, prefix = ""): Mounted => ({
  agent: `${url}${prefix}/agent`,
  join: (threadId, runId) => `${url}${prefix}/agent/${encodeURIComponent(threadId)}/${encodeURIComponent(runId)}`,
  threads: `${url}${prefix}/threads`,
  close,
});

/**
 * The Next.js route files (docs/samples/next-route.ts at app/api/agent/[[...run]]/route.ts,
 * next-threads-route.ts at app/api/threads/[[...id]]/route.ts) called as Next calls them: the
 * exported method's function with the `Request`.
 */
async function nextApp(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  if (path.startsWith("/api/threads")) {
    const handler = ({ DELETE, GET, PATCH, POST } as Record<string, (request: Request) => Promise<Response>>)[request.method];
    return handler ? handler(request) : new Response(null, { status: 405 });
  }
  if (!/^\/api\/agent(?:\/|$)/.test(path)) return new Response(null, { status: 404 });
  if (request.method === "POST") return nextAgent.POST(request);
  if (request.method === "GET") return nextAgent.GET(request);
  return new Response(null, { status: 405, headers: { allow: "GET, POST" } });
}

const recipes: Record<string, () => Promise<Mounted>> = {
  "Express 5 (docs/samples/server-express.ts)": async () => {
    const server = await startExpress(0);
    return mountedAt(origin(server), closing(server));
  },
  "Fastify 5 (docs/samples/server-fastify.ts)": async () => {
    const app = await startFastify(0);
    return mountedAt(origin(app.server), () => app.close());
  },
  "Hono on @hono/node-server (docs/samples/server-hono.ts)": async () => {
    const server = await startHono(0);
    return mountedAt(origin(server), closing(server));
  },
  "Next.js route handlers (docs/samples/next-route.ts, next-threads-route.ts)": async () => {
    const server = await listen(fetchBridge(nextApp));
    return mountedAt(server.url, server.close, "/api");
  },
};

const ann = { cookie: "session=s-ann" };
const ben = { cookie: "session=s-ben" };
beforeAll(() => {
  sessions.set("s-ann", { user: "ann" });
  sessions.set("s-ben", { user: "ben" });
});

let app: Mounted | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const save = (id: string): ThreadChange => ({
  thread: { id, title: "Ann's", createdAt: 1, updatedAt: 1, state: {}, interrupts: [], toolCallStatus: {} },
  order: ["q"],
  put: [{ id: "q", role: "user", content: "hi" }],
  remove: [],
});

describe.each(Object.keys(recipes).map((name, n) => [name, n] as const))("the docs' recipe for %s", (name, n) => {
  /** A thread id of this recipe's own: the samples share one table of thread owners. */
  const thread = (what: string) => `recipe${n}-${what}`;
  const start = async () => {
    app = await recipes[name]!();
    return app;
  };

  it("streams a signed-in user's run whole, and a resume after its 3rd event gives exactly the rest, each event once", async () => {
    const { agent, join } = await start();
    const threadId = thread("resume");
    const whole = await readAll(await post(agent, { threadId, runId: "r1" }, ann));
    expect(said(whole)).toBe("5 4 3 2 1 ");
    expect(sseIds(whole)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    expect(parseSse(whole).at(-1)?.type).toBe("RUN_FINISHED");

    const resumed = await post(agent, { threadId, runId: "r1" }, { ...ann, "last-event-id": "3" });
    expect([resumed.status, resumed.headers.get("content-type")]).toEqual([200, expect.stringMatching(/^text\/event-stream/)]);
    const rest = await readAll(resumed);
    expect(sseIds(rest)).toEqual(["4", "5", "6", "7", "8", "9"]);
    expect(parseSse(rest)).toEqual(parseSse(whole).slice(3));

    const joined = await readAll(await fetch(join(threadId, "r1"), { headers: { ...ann, "last-event-id": "7" } }));
    expect(parseSse(joined)).toEqual(parseSse(whole).slice(7));
  });

  it("goes on with a run whose connection dropped after 3 events: the resume reads the rest as it is made, each event once", async () => {
    const { agent, join } = await start();
    const threadId = thread("dropped");
    const first = await readFramesThenDrop(await post(agent, { threadId, runId: "r1" }, ann), 3);
    expect(sseIds(first)).toEqual(["1", "2", "3"]);
    const rest = await readAll(await post(agent, { threadId, runId: "r1" }, { ...ann, "last-event-id": "3" }));
    expect(sseIds(rest)).toEqual(["4", "5", "6", "7", "8", "9"]);
    expect(said(first + rest)).toBe("5 4 3 2 1 ");
    const whole = await readAll(await fetch(join(threadId, "r1"), { headers: ann }));
    expect(parseSse(first + rest)).toEqual(parseSse(whole));
  });

  it("refuses another user's resume and join, and a request without a session cookie, with 403", async () => {
    const { agent, join } = await start();
    const threadId = thread("refused");
    await readAll(await post(agent, { threadId, runId: "r1" }, ann));
    const answers = [
      await post(agent, { threadId, runId: "r1" }, { ...ben, "last-event-id": "3" }),
      await fetch(join(threadId, "r1"), { headers: ben }),
      await post(agent, { threadId, runId: "r1" }, { "last-event-id": "3" }),
      await fetch(join(threadId, "r1")),
      await post(agent, { threadId: thread("nobody's"), runId: "r1" }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403]);
    for (const answer of answers) expect(await answer.json()).toEqual({ error: expect.any(String) });
  });

  it("answers a body that is not a run's input with 400, and serves the next run", async () => {
    const { agent } = await start();
    const send = (body: string) => fetch(agent, { method: "POST", headers: { ...ann, "content-type": "application/json" }, body });
    const answers = [
      await send("{not json"),
      await send("null"),
      await send("[1, 2]"),
      await send(JSON.stringify({ threadId: thread("bad") })),
      await send(JSON.stringify({ threadId: thread("bad"), runId: "r1", messages: "hi" })),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400]);
    for (const answer of answers) expect(await answer.json()).toEqual({ error: expect.any(String) });
    expect(said(await readAll(await post(agent, { threadId: thread("after-bad"), runId: "r1" }, ann)))).toBe("5 4 3 2 1 ");
  });

  it("keeps a signed-in user's threads: a save loads back, another user sees none, no session gets 401", async () => {
    const { threads } = await start();
    const id = thread("saved");
    const anns = restStorage({ url: threads, headers: ann });
    await anns.save(save(id));
    expect((await anns.load(id))?.messages.map((m) => m.content)).toEqual(["hi"]);
    expect((await anns.list()).map((t) => t.id)).toContain(id);
    const bens = restStorage({ url: threads, headers: ben });
    expect(await bens.load(id)).toBeNull();
    expect((await bens.list()).map((t) => t.id)).not.toContain(id);
    await expect(restStorage({ url: threads }).list()).rejects.toThrow(/401/);
    const notASave = await fetch(`${threads}/${id}`, {
      method: "POST",
      headers: { ...ann, "content-type": "application/json" },
      body: "{",
    });
    expect(notASave.status).toBe(400);
  });
});

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { RunAgentInput } from "@ag-ui/core";
import { type MockAgent, type MockAgentOptions, startMockAgent } from "@tandem/mock-agent";
import { afterEach, describe, expect, it } from "vitest";
import { AgentClient } from "../run/agentClient.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import { persistThread } from "../storage/persistThread.js";
import { type FakeNetwork, fakeNetwork } from "../test/fakeNetwork.js";
import { sync, until } from "../test/scripts.js";

let agent: MockAgent | undefined;
let server: Server | undefined;
afterEach(async () => {
  await agent?.close();
  server?.closeAllConnections();
  server?.close();
  agent = server = undefined;
});

const STORY_END = /^Once upon a time, .* learned to work together\.$/;
const fast = { delayMs: 10, maxDelayMs: 40 };

async function mock(options: MockAgentOptions) {
  agent = await startMockAgent(options);
  return agent;
}

const replyOf = (client: AgentClient) => String(client.state.messages.at(-1)?.content ?? "");

/** The story as the mock agent tells it on a connection that does not drop: each word once. */
async function wholeStory(): Promise<string> {
  const plain = await startMockAgent();
  try {
    const client = new AgentClient({ url: plain.url, threadId: "whole", schedule: sync });
    await client.sendMessage("tell me a story");
    return replyOf(client);
  } finally {
    await plain.close();
  }
}

interface Frame {
  id?: string;
  event: Record<string, unknown>;
}

/** A server of our own: `answer` gets each request (its body and Last-Event-ID) and writes the response. */
async function own(answer: (req: IncomingMessage, res: ServerResponse, input: RunAgentInput, count: number) => void | Promise<void>) {
  let count = 0;
  const seen: Array<string | undefined> = [];
  server = createServer(async (req, res) => {
    let text = "";
    for await (const chunk of req) text += chunk;
    seen.push(req.headers["last-event-id"] as string | undefined);
    await answer(req, res, JSON.parse(text) as RunAgentInput, count++);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, lastEventIds: seen };
}

/** Writes SSE frames, then ends the response or drops the connection. */
async function write(req: IncomingMessage, res: ServerResponse, frames: Frame[], how: "end" | "drop") {
  res.writeHead(200, { "content-type": "text/event-stream" });
  for (const { id, event } of frames) res.write(`${id === undefined ? "" : `id: ${id}\n`}data: ${JSON.stringify(event)}\n\n`);
  if (how === "end") return void res.end();
  await new Promise<void>((resolve) => res.write("", () => resolve()));
  req.socket.destroy();
}

/** The run's frames, numbered from 1: RUN_STARTED, the words, RUN_FINISHED. */
function run(input: RunAgentInput, words: string[], ids = true): Frame[] {
  const events = [
    { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId },
    { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" },
    ...words.map((delta) => ({ type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta })),
    { type: "TEXT_MESSAGE_END", messageId: "m" },
    { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId },
  ];
  return events.map((event, i) => (ids ? { id: String(i + 1), event } : { event }));
}
const WORDS = ["one ", "two ", "three ", "four ", "five ", "six"];

describe("resumable streams: reconnect", () => {
  it("reconnects with Last-Event-ID when the connection drops every dozen events: the reply ends whole, each word once, no error", async () => {
    const a = await mock({ dropAfter: 12, tokenDelayMs: 1 });
    const client = new AgentClient({ url: a.url, threadId: "t", schedule: sync, reconnect: fast });
    const reconnecting: boolean[] = [];
    client.store.subscribe((s, p) => s.reconnecting !== p.reconnecting && reconnecting.push(s.reconnecting));
    await client.sendMessage("tell me a story");
    expect(client.state.error).toBeNull();
    expect(client.state.status).toBe("idle");
    expect(replyOf(client)).toMatch(STORY_END);
    expect(replyOf(client)).toBe(await wholeStory());
    const resumes = a.requests.filter((r) => r.headers["last-event-id"]);
    expect(resumes.length).toBeGreaterThan(3);
    expect(resumes.every((r) => (r.body as RunAgentInput).runId === (a.requests[0]!.body as RunAgentInput).runId)).toBe(true);
    expect(reconnecting.slice(0, 2)).toEqual([true, false]);
    expect(client.state.reconnecting).toBe(false);
  });

  it("joins the run at the resume URL template with Last-Event-ID when one is given", async () => {
    const a = await mock({ dropAfter: 12, tokenDelayMs: 1 });
    const client = new AgentClient({
      url: a.url,
      threadId: "t/1",
      schedule: sync,
      reconnect: fast,
      resume: `${a.baseUrl}/resume/{threadId}/{runId}`,
    });
    await client.sendMessage("tell me a story");
    expect(replyOf(client)).toMatch(STORY_END);
    const joins = a.requests.filter((r) => r.path.startsWith("/resume/"));
    expect(joins.length).toBeGreaterThan(3);
    expect(joins[0]!.method).toBe("GET");
    expect(joins[0]!.path).toBe(`/resume/t%2F1/${client.state.runId}`);
  });

  it("skips events whose id it already has when a server sends them again", async () => {
    const { url } = await own(async (req, res, input, count) => {
      const frames = run(input, WORDS);
      // The first response drops after "three"; the resume repeats two events it had, then goes on.
      if (count === 0) return write(req, res, frames.slice(0, 5), "drop");
      return write(req, res, frames.slice(3), "end");
    });
    const client = new AgentClient({ url, threadId: "t", schedule: sync, reconnect: fast });
    await client.sendMessage("go");
    expect(client.state.error).toBeNull();
    expect(replyOf(client)).toBe(WORDS.join(""));
  });

  it("Stop while reconnecting stops: no error, no further tries", async () => {
    const { url, lastEventIds } = await own(async (req, res, input, count) => {
      if (count === 0) return write(req, res, run(input, WORDS).slice(0, 4), "drop");
      res.writeHead(503).end();
    });
    const client = new AgentClient({ url, threadId: "t", schedule: sync, reconnect: { delayMs: 50 } });
    const sent = client.sendMessage("go");
    await until(() => client.state.reconnecting);
    client.stop();
    await sent;
    const tries = lastEventIds.length;
    expect(client.state).toMatchObject({ status: "idle", error: null, reconnecting: false });
    expect(replyOf(client)).toBe("one two ");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(lastEventIds.length).toBe(tries);
  });

  it("gives up after its tries and shows the truncated reply with Retry", async () => {
    const { lastEventIds, url } = await own(async (req, res, input, count) => {
      if (count === 0) return write(req, res, run(input, WORDS).slice(0, 4), "drop");
      res.writeHead(503).end();
    });
    const client = new AgentClient({ url, threadId: "t", schedule: sync, reconnect: { ...fast, tries: 3 } });
    await client.sendMessage("go");
    expect(client.state.error?.kind).toBe("truncated");
    expect(lastEventIds).toEqual([undefined, "4", "4", "4"]);
  });
});

describe("resumable streams: a server that does not continue means the truncated reply with Retry", () => {
  const fallsBack = async (
    answerResume: (req: IncomingMessage, res: ServerResponse, input: RunAgentInput) => Promise<void> | void,
    ids = true,
  ) => {
    const { url, lastEventIds } = await own(async (req, res, input, count) => {
      if (count === 0) return write(req, res, run(input, WORDS, ids).slice(0, 4), "drop");
      if (req.headers["last-event-id"]) return answerResume(req, res, input);
      return write(req, res, run(input, ["again"]), "end");
    });
    const client = new AgentClient({ url, threadId: "t", schedule: sync, reconnect: fast });
    await client.sendMessage("go");
    const seen = { error: client.state.error, reply: replyOf(client), lastEventIds: [...lastEventIds] };
    await client.retry();
    return { ...seen, retried: replyOf(client) };
  };

  it("a new RUN_STARTED as the resumed stream's first event", async () => {
    const seen = await fallsBack((req, res, input) => write(req, res, run(input, WORDS), "end"));
    expect(seen).toMatchObject({ error: { kind: "truncated" }, reply: "one two ", lastEventIds: [undefined, "4"], retried: "again" });
  });

  it("an HTTP 4xx answer to the resume, tried once", async () => {
    const seen = await fallsBack(
      (_, res) => void res.writeHead(404, { "content-type": "application/json" }).end('{"error":"no such run"}'),
    );
    expect(seen).toMatchObject({ error: { kind: "truncated" }, reply: "one two ", lastEventIds: [undefined, "4"], retried: "again" });
  });

  it("an empty answer to the resume (the server has nothing more of the run), tried once", async () => {
    const seen = await fallsBack((req, res) => write(req, res, [], "end"));
    expect(seen).toMatchObject({ error: { kind: "truncated" }, reply: "one two ", lastEventIds: [undefined, "4"], retried: "again" });
  });

  it("a stream without id: fields is not resumed at all", async () => {
    const seen = await fallsBack(() => {
      throw new Error("no resume expected");
    }, false);
    expect(seen.error?.kind).toBe("network");
    expect(seen).toMatchObject({ reply: "one two ", lastEventIds: [undefined], retried: "again" });
  });

  it("a server that ignores Last-Event-ID is asked once: after it started over, its later drops are not resumed", async () => {
    // Every request runs the turn from the start and drops after "two": a resume would run it there again.
    const { url, lastEventIds } = await own((req, res, input) => write(req, res, run(input, WORDS).slice(0, 4), "drop"));
    const client = new AgentClient({ url, threadId: "t", schedule: sync, reconnect: fast });
    await client.sendMessage("go");
    expect(client.state.error?.kind).toBe("truncated");
    expect(replyOf(client)).toBe("one two ");
    await client.retry();
    expect(client.state.error).not.toBeNull();
    expect(replyOf(client)).toBe("one two ");
    expect(lastEventIds).toEqual([undefined, "4", undefined]);
  });

  it("an agent that advertises capabilities.transport.resumable: false is not resumed", async () => {
    const { url, lastEventIds } = await own(async (req, res, input) => write(req, res, run(input, WORDS).slice(0, 4), "drop"));
    const client = new AgentClient({ url, threadId: "t", schedule: sync, reconnect: fast });
    client.store.update((s) => ({ ...s, capabilities: { transport: { resumable: false } } }));
    await client.sendMessage("go");
    expect(client.state.error?.kind).toBe("network");
    expect(lastEventIds).toEqual([undefined]);
  });
});

describe("resumable streams: reload", () => {
  it("a thread saved mid-reply and restored in a new client reads its run on: the reply ends whole, each word once", async () => {
    const a = await mock({ tokenDelayMs: 5 });
    const storage = memoryStorage();
    const before = new AgentClient({ url: a.url, threadId: "t", schedule: sync });
    const persistence = persistThread(before, storage, { debounceMs: 10 });
    void before.sendMessage("tell me a story");
    await until(() => replyOf(before).split(" ").length > 10);
    await persistence.flush();
    // The page goes away: its client stops reading (without telling the server), nothing more is saved.
    persistence.discard();
    before.dispose();
    const stored = await storage.load("t");
    expect(stored?.resumePoint).toMatchObject({ runId: before.state.runId, firstEventId: "1" });

    const after = new AgentClient({ url: a.url, threadId: "t", schedule: sync });
    await after.transport;
    after.restore(stored!);
    await until(() => after.state.status === "idle" && after.state.messages.length === 2);
    expect(after.state.error).toBeNull();
    expect(replyOf(after)).toMatch(STORY_END);
    expect(replyOf(after)).toBe(await wholeStory());
    const resumed = a.requests.at(-1)!;
    expect(resumed.headers["last-event-id"]).toBe("1");
    expect((resumed.body as RunAgentInput).runId).toBe(before.state.runId);
  });

  it("a thread saved longer ago than resumeWindowMs keeps the truncated reply with Retry", async () => {
    const a = await mock({ tokenDelayMs: 5 });
    const client = new AgentClient({ url: a.url, threadId: "t", schedule: sync, resumeWindowMs: 1000 });
    await client.transport;
    client.restore({
      messages: [
        { id: "u", role: "user", content: "hi" },
        { id: "m", role: "assistant", content: "Once" },
      ],
      state: {},
      interrupts: [],
      toolCallStatus: {},
      runningSince: ["u"],
      resumePoint: { runId: "r", firstEventId: "1", lastEventId: "3", at: Date.now() - 5000 },
    });
    expect(client.state).toMatchObject({ status: "error", error: { kind: "truncated" } });
    expect(a.requests).toHaveLength(0);
  });
});

describe("resumable streams: a run that gave up is read on when the page is visible again or the device back online", () => {
  /** A server whose first response drops after "two"; answers 503 while `down`, else reads on after the Last-Event-ID asked. */
  async function flaky() {
    const server = { down: true };
    const { url, lastEventIds } = await own(async (req, res, input, count) => {
      const frames = run(input, WORDS);
      if (count === 0) return write(req, res, frames.slice(0, 4), "drop");
      if (server.down) return void res.writeHead(503).end();
      return write(req, res, frames.slice(Number(req.headers["last-event-id"] ?? 0)), "end");
    });
    return { url, lastEventIds, server };
  }

  /** A client on that server whose reconnecting gave up: the truncated reply with Retry. */
  async function gaveUp() {
    const network = fakeNetwork();
    const { url, lastEventIds, server } = await flaky();
    const client = new AgentClient({ url, threadId: "t", schedule: sync, reconnect: { ...fast, tries: 2 }, network });
    await client.sendMessage("go");
    expect(client.state).toMatchObject({ status: "error", error: { kind: "truncated" } });
    expect(replyOf(client)).toBe("one two ");
    expect(lastEventIds).toEqual([undefined, "4", "4"]);
    server.down = false;
    return { client, network, lastEventIds };
  }

  it.each([
    ["the page becomes visible again", (n: FakeNetwork) => [n.show(false), n.show(true)]],
    ["the device comes back online", (n: FakeNetwork) => [n.set(false), n.set(true)]],
  ])("when %s: read on from the run's resume point, the reply whole, each word once, no error; once", async (_, back) => {
    const { client, network, lastEventIds } = await gaveUp();
    const { runId } = client.state;
    back(network);
    await until(() => client.state.status === "idle");
    expect(client.state.error).toBeNull();
    expect(client.state.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(replyOf(client)).toBe(WORDS.join(""));
    // The same run, read again after its first event (as a reload reads it on).
    expect(lastEventIds).toEqual([undefined, "4", "4", "1"]);
    expect(client.state.runId).toBe(runId);
    // Once: the page shown again and the device back again ask for nothing more.
    network.show(false);
    network.show(true);
    network.set(false);
    network.set(true);
    expect(client.runPending).toBe(false);
    // Nothing waits any more; the outbox listens for `online` as always.
    expect(network.listening.visible).toBe(0);
  });

  it("a message queued behind the run that gave up goes once the run is read on, with no Send on", async () => {
    const network = fakeNetwork();
    const down = { now: true };
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // Each run's reply has an id of its own; the first response waits for the test, then drops after "two".
    const { url } = await own(async (req, res, input, count) => {
      const frames = run(input, WORDS).map((f) => ({
        ...f,
        event: "messageId" in f.event ? { ...f.event, messageId: input.runId } : f.event,
      }));
      if (count === 0) return released.then(() => write(req, res, frames.slice(0, 4), "drop"));
      if (down.now) return void res.writeHead(503).end();
      return write(req, res, frames.slice(Number(req.headers["last-event-id"] ?? 0)), "end");
    });
    const client = new AgentClient({ url, threadId: "t", schedule: sync, reconnect: { ...fast, tries: 2 }, network });
    const first = client.sendMessage("go");
    await until(() => client.state.status === "running");
    const queued = client.sendMessage("and then?");
    expect(client.state.outbox.map((item) => item.state)).toEqual(["queued"]);
    release();
    await first;
    // The failure held it, as any failure holds what was queued behind the run.
    expect(client.state).toMatchObject({ status: "error", error: { kind: "truncated" } });
    expect(client.state.outbox.map((item) => item.state)).toEqual(["held"]);
    down.now = false;
    network.show(false);
    network.show(true);
    await until(() => client.state.status === "idle" && client.state.outbox.length === 0);
    await queued;
    expect(client.state.error).toBeNull();
    expect(client.state.messages.map((m) => (m.role === "user" ? m.content : m.role))).toEqual([
      "go",
      "assistant",
      "and then?",
      "assistant",
    ]);
    expect(client.state.messages.filter((m) => m.role === "assistant").map((m) => m.content)).toEqual([WORDS.join(""), WORDS.join("")]);
  });

  it.each([
    ["the user pressed Stop", (c: AgentClient) => c.stop()],
    ["another tab owns the thread's runs now (this one follows)", (c: AgentClient) => c.follow(true)],
    ["the thread was left", (c: AgentClient) => c.dispose()],
    ["a new run began", (c: AgentClient) => c.store.update((s) => ({ ...s, runId: "another", status: "error" }))],
  ])("not once %s", async (_, meanwhile) => {
    const { client, network } = await gaveUp();
    meanwhile(client);
    const messages = client.state.messages;
    network.show(false);
    network.show(true);
    network.set(false);
    network.set(true);
    expect(client.runPending).toBe(false);
    expect(client.state.messages).toBe(messages);
    expect(network.listening.visible).toBe(0);
  });
});

import type { RunAgentInput } from "@ag-ui/core";
import { type MockAgent, runFinished, runStarted, startMockAgent, textMessage } from "@tandem/mock-agent";
import { afterEach, describe, expect, it } from "vitest";
import { AgentClient } from "../run/agentClient.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import type { ThreadStorage } from "../storage/types.js";
import { sync, until } from "../test/scripts.js";
import "../test/warmPipeline.js";
import { fakeNetwork } from "../test/fakeNetwork.js";
import { ThreadRuntime } from "../threads/threadRuntime.js";
import type { OutboxNetwork } from "./network.js";

let agent: MockAgent | undefined;
let runtimes: ThreadRuntime[] = [];
afterEach(async () => {
  for (const r of runtimes) r.dispose();
  runtimes = [];
  await agent?.close();
  agent = undefined;
});

/** Answers "re: <last question>" in a few words, 20 ms apart (so a test can act mid-reply); `fail` fails the run after 60 ms. */
async function serve(options: { fail?: () => boolean } = {}) {
  agent = await startMockAgent({
    scenario: ((input: RunAgentInput) => {
      if (options.fail?.()) return [runStarted(input), { delay: 60 }, { type: "RUN_ERROR", message: "rate limited" }];
      const last = input.messages.filter((m) => m.role === "user").at(-1);
      return [runStarted(input), ...textMessage([`re: ${String(last?.content)}`, " w1", " w2"], { tokenDelayMs: 20 }), runFinished(input)];
    }) as never,
  });
  return agent;
}

const userTexts = (a: MockAgent) =>
  a.requests.map((r) => (r.body as RunAgentInput).messages.filter((m) => m.role === "user").map((m) => m.content));
const transcript = (client: AgentClient) => client.state.messages.map((m) => `${m.role}: ${String(m.content)}`);
const outbox = (client: AgentClient) => client.state.outbox.map((i) => `${i.state}: ${String(i.content)}`);

describe("the outbox: messages sent while the agent replies", () => {
  it("queues them and sends them after the run, one run each, in order", async () => {
    const a = await serve();
    const client = new AgentClient({ url: a.url, threadId: "t", schedule: sync, network: false });
    const first = client.sendMessage("one");
    await until(() => a.requests.length === 1);
    const later = [client.sendMessage("two"), client.sendMessage("three")];
    expect(outbox(client)).toEqual(["queued: two", "queued: three"]);
    expect(transcript(client).filter((m) => m.startsWith("user"))).toEqual(["user: one"]);
    await Promise.all([first, ...later]);
    expect(userTexts(a)).toEqual([["one"], ["one", "two"], ["one", "two", "three"]]);
    expect(transcript(client)).toEqual([
      "user: one",
      "assistant: re: one w1 w2",
      "user: two",
      "assistant: re: two w1 w2",
      "user: three",
      "assistant: re: three w1 w2",
    ]);
    expect(client.state.outbox).toEqual([]);
  });

  it("a Stop keeps the queue, held, and sends nothing until the user sends on", async () => {
    const a = await serve();
    const client = new AgentClient({ url: a.url, threadId: "t", schedule: sync, network: false });
    const first = client.sendMessage("one");
    await until(() => client.state.messages.some((m) => m.role === "assistant"));
    const queued = client.sendMessage("two");
    client.stop();
    await first;
    expect(outbox(client)).toEqual(["held: two"]);
    expect(client.state.status).toBe("idle");
    expect(a.requests).toHaveLength(1);
    client.outbox.sendOn();
    await queued;
    expect(userTexts(a).at(-1)).toEqual(["one", "two"]);
    expect(transcript(client).at(-1)).toBe("assistant: re: two w1 w2");
    expect(client.state.outbox).toEqual([]);
  });

  it("an error keeps the queue, held; Retry runs again and then sends it", async () => {
    let fail = true;
    const a = await serve({ fail: () => fail });
    const client = new AgentClient({ url: a.url, threadId: "t", schedule: sync, network: false });
    const first = client.sendMessage("one");
    await until(() => a.requests.length === 1);
    const queued = client.sendMessage("two");
    await first;
    expect(client.state.status).toBe("error");
    expect(outbox(client)).toEqual(["held: two"]);
    fail = false;
    await client.retry();
    await queued;
    expect(userTexts(a).slice(1)).toEqual([["one"], ["one", "two"]]);
    expect(client.state.status).toBe("idle");
    expect(client.state.outbox).toEqual([]);
  });

  it("a queued message can be removed: it is never sent", async () => {
    const a = await serve();
    const client = new AgentClient({ url: a.url, threadId: "t", schedule: sync, network: false });
    const first = client.sendMessage("one");
    await until(() => a.requests.length === 1);
    const removed = client.sendMessage("two");
    const kept = client.sendMessage("three");
    client.outbox.remove(client.state.outbox[0]!.id);
    await Promise.all([first, removed, kept]);
    expect(userTexts(a)).toEqual([["one"], ["one", "three"]]);
  });
});

describe("the outbox offline", () => {
  it("keeps a message sent offline, waiting, and sends it when the browser is back online", async () => {
    const a = await serve();
    const network = fakeNetwork(false);
    const client = new AgentClient({ url: a.url, threadId: "t", schedule: sync, network });
    const sent = client.sendMessage("hello from a train");
    expect(outbox(client)).toEqual(["waiting: hello from a train"]);
    expect(client.state.status).toBe("idle");
    expect(a.requests).toHaveLength(0);
    network.set(true);
    await sent;
    expect(userTexts(a)).toEqual([["hello from a train"]]);
    expect(transcript(client)).toEqual(["user: hello from a train", "assistant: re: hello from a train w1 w2"]);
  });

  it("a connection that fails before the agent answers while offline puts the message back, waiting, not as an error", async () => {
    const a = await serve();
    const network = fakeNetwork(true);
    let down = true;
    // The real server behind a link that drops with the device (what a dropped Wi-Fi does to fetch).
    const fetchThroughLink: typeof fetch = (url, init) => {
      if (!down) return fetch(url, init);
      network.online = false;
      return Promise.reject(new TypeError("fetch failed"));
    };
    const client = new AgentClient({ url: a.url, threadId: "t", schedule: sync, network, fetch: fetchThroughLink });
    await client.sendMessage("anyone?");
    expect(client.state.status).toBe("idle");
    expect(client.state.error).toBeNull();
    expect(client.state.messages).toEqual([]);
    expect(outbox(client)).toEqual(["waiting: anyone?"]);
    down = false;
    network.set(true);
    await until(() => client.state.messages.length === 2 && client.state.status === "idle");
    expect(transcript(client)).toEqual(["user: anyone?", "assistant: re: anyone? w1 w2"]);
    expect(client.state.outbox).toEqual([]);
  });

  it("outside a browser (no network signal) a failed connection stays an error with Retry", async () => {
    const client = new AgentClient({ url: "http://127.0.0.1:9/agent", threadId: "t", schedule: sync, network: false });
    await client.sendMessage("anyone?");
    expect(client.state.error?.kind).toBe("network");
    expect(client.state.outbox).toEqual([]);
  });
});

describe("the outbox when the agent cannot be reached while online", () => {
  /** The real server behind a port that refuses connections while `down()` says so; `tries` counts every request. */
  function refusing(down: () => boolean) {
    const link = {
      tries: 0,
      fetch: ((input, init) => {
        link.tries++;
        return down() ? Promise.reject(new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED") })) : fetch(input, init);
      }) as typeof fetch,
    };
    return link;
  }

  it("keeps the message, unreachable and not as an error, and tries again by itself until the agent answers, sending it once", async () => {
    const a = await serve();
    const link = refusing(() => link.tries <= 3);
    const client = new AgentClient({ url: a.url, threadId: "t", schedule: sync, network: fakeNetwork(true), fetch: link.fetch });
    client.outbox.backoff = { delayMs: 5, maxDelayMs: 20, jitter: 0 };
    await client.sendMessage("anyone there?");
    expect(client.state.error).toBeNull();
    expect(client.state.status).toBe("idle");
    expect(client.state.messages).toEqual([]);
    expect(outbox(client)).toEqual(["unreachable: anyone there?"]);
    // Two more refusals, then the agent is up: no one pressed anything.
    await until(() => client.state.messages.length === 2 && client.state.status === "idle");
    expect(link.tries).toBe(4);
    expect(userTexts(a)).toEqual([["anyone there?"]]);
    expect(transcript(client)).toEqual(["user: anyone there?", "assistant: re: anyone there? w1 w2"]);
    expect(client.state.outbox).toEqual([]);
    client.dispose();
  });

  it("never shows an error on the way: the loop asks the outbox before it reports one", async () => {
    const a = await serve();
    const link = refusing(() => true);
    const client = new AgentClient({ url: a.url, threadId: "t", schedule: sync, network: fakeNetwork(true), fetch: link.fetch });
    client.outbox.backoff = { delayMs: 3_600_000, maxDelayMs: 3_600_000 };
    const seen: string[] = [];
    client.store.subscribe((s) => seen.push(s.status));
    await client.sendMessage("anyone there?");
    expect(outbox(client)).toEqual(["unreachable: anyone there?"]);
    // An error alert, a "failed" announcement or the draft coming back would each follow an "error" here.
    expect(seen).not.toContain("error");
    expect(seen.at(-1)).toBe("idle");
    client.dispose();
  });

  it("Send now tries at once, without waiting for the backoff", async () => {
    const a = await serve();
    let down = true;
    const link = refusing(() => down);
    const client = new AgentClient({ url: a.url, threadId: "t", schedule: sync, network: fakeNetwork(true), fetch: link.fetch });
    // A wait no test would sit through: only Send now can send it.
    client.outbox.backoff = { delayMs: 3_600_000, maxDelayMs: 3_600_000 };
    await client.sendMessage("now please");
    expect(outbox(client)).toEqual(["unreachable: now please"]);
    down = false;
    client.outbox.sendOn();
    await until(() => client.state.messages.length === 2 && client.state.status === "idle");
    expect(userTexts(a)).toEqual([["now please"]]);
    expect(link.tries).toBe(2);
    client.dispose();
  });

  it("going offline while it waits makes it wait for the network, and it goes when back online", async () => {
    const a = await serve();
    let down = true;
    const network = fakeNetwork(true);
    const link = refusing(() => down);
    const client = new AgentClient({ url: a.url, threadId: "t", schedule: sync, network, fetch: link.fetch });
    client.outbox.backoff = { delayMs: 5, maxDelayMs: 5 };
    await client.sendMessage("later");
    expect(outbox(client)).toEqual(["unreachable: later"]);
    network.online = false;
    await until(() => client.state.outbox[0]?.state === "waiting");
    expect(link.tries).toBe(1);
    down = false;
    network.set(true);
    await until(() => client.state.messages.length === 2 && client.state.status === "idle");
    expect(userTexts(a)).toEqual([["later"]]);
    client.dispose();
  });

  it("an HTTP error is not unreachable: it stays an error with Retry, nothing retried", async () => {
    agent = await startMockAgent({ scenario: (() => ({ status: 503, body: { error: "down for maintenance" } })) as never });
    const client = new AgentClient({ url: agent.url, threadId: "t", schedule: sync, network: fakeNetwork(true) });
    client.outbox.backoff = { delayMs: 1, maxDelayMs: 1 };
    await client.sendMessage("hello");
    expect(client.state.error?.kind).toBe("http");
    expect(client.state.outbox).toEqual([]);
    expect(agent.requests).toHaveLength(1);
  });
});

describe("the outbox kept with the thread", () => {
  function runtime(url: string, storage: ThreadStorage, network: OutboxNetwork) {
    const r = new ThreadRuntime({
      storage,
      threadId: "t1",
      remember: { get: () => null, set: () => {} },
      createClient: (threadId) => new AgentClient({ url, threadId, schedule: sync, network }),
      persist: { debounceMs: 10 },
    });
    runtimes.push(r);
    r.connect();
    return r;
  }

  it("a waiting message is stored, comes back after a reload, and is sent once online", async () => {
    const a = await serve();
    const storage = memoryStorage();
    const network = fakeNetwork(false);
    const before = runtime(a.url, storage, network);
    void before.client.sendMessage("kept across a reload");
    await expect.poll(async () => (await storage.load("t1"))?.outbox?.map((i) => i.state)).toEqual(["waiting"]);
    before.dispose();

    const after = runtime(a.url, storage, network);
    await until(() => after.client.state.outbox.length === 1);
    expect(outbox(after.client)).toEqual(["waiting: kept across a reload"]);
    expect(a.requests).toHaveLength(0);
    network.set(true);
    await until(() => after.client.state.messages.length === 2 && after.client.state.status === "idle");
    expect(userTexts(a)).toEqual([["kept across a reload"]]);
    await expect.poll(async () => (await storage.load("t1"))?.outbox).toBeUndefined();
  });

  it("with a storage, a message queued during a reply is sent once the reply ends and is saved", async () => {
    const a = await serve();
    const storage = memoryStorage();
    const tab = runtime(a.url, storage, fakeNetwork(true));
    await until(() => tab.state.loaded);
    void tab.client.sendMessage("one");
    await until(() => a.requests.length === 1);
    void tab.client.sendMessage("two");
    await until(() => a.requests.length === 2 && tab.client.state.status === "idle" && tab.client.state.messages.length === 4);
    expect(userTexts(a)).toEqual([["one"], ["one", "two"]]);
    await expect.poll(async () => (await storage.load("t1"))?.messages.length).toBe(4);
  });

  it("a queue belongs to its thread: leaving it mid-reply holds the queue there, and nothing goes to the next thread", async () => {
    const a = await serve();
    const storage = memoryStorage();
    const tab = runtime(a.url, storage, fakeNetwork(true));
    await until(() => tab.state.loaded);
    void tab.client.sendMessage("one");
    await until(() => a.requests.length === 1);
    void tab.client.sendMessage("two");
    tab.create();
    expect(tab.client.state.outbox).toEqual([]);
    await expect
      .poll(async () => (await storage.load("t1"))?.outbox?.map((i) => `${i.state}: ${String(i.content)}`))
      .toEqual(["held: two"]);
    expect(a.requests).toHaveLength(1);

    tab.switchTo("t1");
    await until(() => tab.client.state.outbox.length === 1);
    expect(outbox(tab.client)).toEqual(["held: two"]);
    tab.client.outbox.sendOn();
    await until(() => tab.client.state.outbox.length === 0 && tab.client.state.status === "idle" && a.requests.length === 2);
    const second = a.requests[1]!.body as RunAgentInput;
    expect([second.threadId, second.messages.filter((m) => m.role === "user").map((m) => m.content)]).toEqual(["t1", ["one", "two"]]);
  });

  it("two tabs showing a waiting message send it once", async () => {
    const a = await serve();
    const storage = memoryStorage();
    const network = fakeNetwork(false);
    const tabA = runtime(a.url, storage, network);
    const tabB = runtime(a.url, storage, network);
    void tabA.client.sendMessage("only once");
    // Tab B follows tab A's save.
    await until(() => tabB.client.state.outbox.length === 1);
    network.set(true);
    await until(() => tabA.client.state.messages.length === 2 && tabA.client.state.status === "idle");
    await until(() => tabB.client.state.outbox.length === 0);
    expect(userTexts(a)).toEqual([["only once"]]);
  });
});

import type { RunAgentInput } from "@ag-ui/core";
import { type MockAgent, runFinished, runStarted, startMockAgent, textMessage } from "@tandem/mock-agent";
import { afterEach, describe, expect, it } from "vitest";
import type { OutboxNetwork } from "../outbox/network.js";
import { AgentClient } from "../run/agentClient.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import type { ThreadStorage } from "../storage/types.js";
import { sync, until } from "../test/scripts.js";
import "../test/warmPipeline.js";
import { ThreadRuntime } from "./threadRuntime.js";

let agents: MockAgent[] = [];
let runtimes: ThreadRuntime[] = [];
afterEach(async () => {
  for (const r of runtimes) r.dispose();
  runtimes = [];
  await Promise.all(agents.map((a) => a.close()));
  agents = [];
});

/** A device that is offline until `goOnline`. */
function offlineNetwork() {
  const listeners = new Set<() => void>();
  const network = {
    online: false as boolean,
    onOnline(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    goOnline() {
      network.online = true;
      for (const listener of listeners) listener();
    },
  } satisfies OutboxNetwork & { goOnline(): void };
  return network;
}

async function twoOfflineTabs() {
  const agent = await startMockAgent({
    scenario: ((input: RunAgentInput) => {
      const last = input.messages.filter((m) => m.role === "user").at(-1);
      return [runStarted(input), ...textMessage([`re: ${String(last?.content)}`]), runFinished(input)];
    }) as never,
  });
  agents.push(agent);
  const storage = memoryStorage();
  const tab = (storage: ThreadStorage) => {
    const network = offlineNetwork();
    const r = new ThreadRuntime({
      storage,
      threadId: "t1",
      remember: { get: () => null, set: () => {} },
      createClient: (threadId) => new AgentClient({ url: agent.url, threadId, schedule: sync, network }),
      persist: { debounceMs: 10 },
    });
    runtimes.push(r);
    r.connect();
    return { r, network };
  };
  return { storage, a: tab(storage), b: tab(storage) };
}

const queued = (r: ThreadRuntime) => r.client.state.outbox.map((i) => String(i.content));

describe("the outbox across tabs", () => {
  it("keeps the messages two offline tabs queued at once, in both tabs and the store, and a removal in one holds in both", async () => {
    const { storage, a, b } = await twoOfflineTabs();
    void a.r.client.sendMessage("from A");
    void b.r.client.sendMessage("from B");
    await until(() => queued(a.r).length === 2 && queued(b.r).length === 2);
    expect(queued(a.r).sort()).toEqual(["from A", "from B"]);
    expect(queued(b.r).sort()).toEqual(["from A", "from B"]);
    // Removed in A: gone from B and the store, and B's next save does not bring it back.
    const fromB = a.r.client.state.outbox.find((i) => i.content === "from B")!;
    a.r.client.outbox.remove(fromB.id);
    await until(() => queued(b.r).length === 1);
    expect(queued(b.r)).toEqual(["from A"]);
    void b.r.client.sendMessage("B again");
    await until(() => queued(a.r).length === 2);
    expect(queued(a.r)).toEqual(["from A", "B again"]);
    expect((await storage.load("t1"))?.outbox?.map((i) => i.content)).toEqual(["from A", "B again"]);
    expect((await storage.load("t1"))?.outboxRemoved).toEqual([fromB.id]);
  });

  it("a message removed from the outbox of a thread with no messages is removed from the store too, with a tombstone", async () => {
    const { storage, a } = await twoOfflineTabs();
    void a.r.client.sendMessage("never mind");
    await eventually(async () => (await storage.load("t1"))?.outbox?.length === 1);
    a.r.client.outbox.remove(a.r.client.state.outbox[0]!.id);
    await eventually(async () => (await storage.load("t1"))?.outbox === undefined);
    expect((await storage.load("t1"))?.outboxRemoved).toHaveLength(1);
  });

  it("messages sent offline all go once the browser is back online, one run each, in order", async () => {
    const { a } = await twoOfflineTabs();
    void a.r.client.sendMessage("first");
    void a.r.client.sendMessage("second");
    await until(() => queued(a.r).length === 2);
    a.network.goOnline();
    await until(() => a.r.client.state.messages.length === 4 && a.r.client.state.status === "idle");
    expect(a.r.client.state.messages.map((m) => String(m.content))).toEqual(["first", "re: first", "second", "re: second"]);
  });

  it("a message whose turn is decided once the tab follows another tab's run stays queued, and goes once that run ends", async () => {
    const agent = await startMockAgent({
      scenario: ((input: RunAgentInput) => [runStarted(input), ...textMessage(["ok"]), runFinished(input)]) as never,
    });
    agents.push(agent);
    const network = offlineNetwork();
    const client = new AgentClient({ url: agent.url, threadId: "t", schedule: sync, network });
    // The lock and the stored thread are read while another tab starts a run this one then follows.
    let decide = () => {};
    const decided = new Promise<void>((resolve) => {
      decide = resolve;
    });
    let claims = 0;
    client.outbox.claim = async (_item, send) => {
      if (claims++ === 0) await decided;
      send();
    };
    const sent = client.sendMessage("hi");
    network.goOnline();
    client.follow(true);
    decide();
    await until(() => claims === 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(client.state.messages).toEqual([]);
    expect(client.state.outbox.map((i) => i.content)).toEqual(["hi"]);
    expect(agent.requests.filter((q) => q.method === "POST")).toHaveLength(0);

    client.follow(false);
    await sent;
    const posts = agent.requests.filter((q) => q.method === "POST");
    expect(posts).toHaveLength(1);
    expect((posts[0]!.body as RunAgentInput).messages.map((m) => m.content)).toEqual(["hi"]);
    expect(client.state.outbox).toEqual([]);
    client.dispose();
  });

  it("a message another tab sent leaves no tombstone: a connection refused there may give it back", async () => {
    const network = offlineNetwork();
    const client = new AgentClient({ url: "http://127.0.0.1:9", threadId: "t", schedule: sync, network });
    client.outbox.claim = async (_item, _send, sentElsewhere) => sentElsewhere();
    const sent = client.sendMessage("hi");
    expect(client.state.outbox).toHaveLength(1);
    network.goOnline();
    await sent;
    expect(client.state.outbox).toEqual([]);
    expect(client.outbox.removed).toEqual([]);
    client.dispose();
  });
});

/** Waits until an async check holds (a storage read). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  let ok = false;
  const poll = () => void check().then((v) => (ok = v));
  poll();
  await until(() => {
    if (!ok) poll();
    return ok;
  });
}

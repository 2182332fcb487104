import type { RunAgentInput } from "@ag-ui/core";
import { type MockAgent, runFinished, runStarted, startMockAgent, textMessage } from "@tandem/mock-agent";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AgentClient } from "../run/agentClient.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import { sync, until } from "../test/scripts.js";
import "../test/warmPipeline.js";
import { ThreadRuntime } from "./threadRuntime.js";

// Counts the loads of the storage half (the module is otherwise the real one).
const keeperLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock("./threadKeeper.js", async (importOriginal) => {
  keeperLoads.count++;
  return importOriginal();
});

let agent: MockAgent | null = null;
let runtime: ThreadRuntime | null = null;
afterEach(async () => {
  runtime?.dispose();
  await agent?.close();
});

async function serve() {
  agent = await startMockAgent({
    scenario: ((input: RunAgentInput) => {
      const last = input.messages.filter((m) => m.role === "user").at(-1);
      return [runStarted(input), ...textMessage([`re: ${String(last?.content)}`]), runFinished(input)];
    }) as never,
  });
  return agent;
}

const texts = (client: AgentClient) => client.state.messages.map((m) => String(m.content));

// In this order: the first test's runtime has no storage, so nothing may have loaded the half yet.
describe("ThreadRuntime without a storage", () => {
  it("chats, switches threads and takes a new agent URL in memory, and never loads the storage code", async () => {
    const { url } = await serve();
    let clientUrl = url;
    const r = new ThreadRuntime({
      threadId: "t1",
      createClient: (threadId) => new AgentClient({ url: clientUrl, threadId, schedule: sync }),
    });
    runtime = r;
    r.connect();
    await r.client.sendMessage("one");
    expect(texts(r.client)).toEqual(["one", "re: one"]);

    const left = r.client;
    r.switchTo("t2");
    expect(left.retired).toBe(true);
    expect(r.state.currentId).toBe("t2");
    await r.client.sendMessage("two");
    expect(texts(r.client)).toEqual(["two", "re: two"]);

    clientUrl = `${url}?again`;
    const before = r.client;
    r.reopen();
    expect(before.retired).toBe(true);
    expect(r.client).not.toBe(before);
    expect(r.client.state.threadId).toBe("t2");
    await r.client.sendMessage("three");
    expect(texts(r.client)).toEqual(["three", "re: three"]);
    expect((agent!.requests.at(-1)!.body as RunAgentInput).threadId).toBe("t2");

    await r.refresh();
    await r.rename("t2", "named");
    expect(await r.load("t2")).toBeNull();
    await r.remove("t1");
    expect(r.state).toMatchObject({ threads: [], loaded: false, storage: { kind: "off" }, currentId: "t2" });
    expect(keeperLoads.count).toBe(0);
  });

  it("with a storage, the storage code loads with the first storage call and the thread is kept", async () => {
    const { url } = await serve();
    const storage = memoryStorage();
    const r = new ThreadRuntime({
      storage,
      threadId: "t1",
      remember: { get: () => null, set: () => {} },
      createClient: (threadId) => new AgentClient({ url, threadId, schedule: sync }),
      persist: { debounceMs: 10 },
    });
    runtime = r;
    expect(keeperLoads.count).toBe(0);
    r.connect();
    await r.client.sendMessage("kept");
    await until(() => r.state.threads.some((t) => t.id === "t1"));
    expect(keeperLoads.count).toBe(1);
    expect((await storage.load("t1"))?.messages.map((m) => m.content)).toEqual(["kept", "re: kept"]);
  });
});

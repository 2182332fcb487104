import type { RunAgentInput } from "@ag-ui/core";
import { type MockAgent, runFinished, runStarted, startMockAgent, textMessage } from "@tandem/mock-agent";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AgentClient } from "../run/agentClient.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import { sync, until } from "../test/scripts.js";
import "../test/warmPipeline.js";
import { ThreadRuntime } from "./threadRuntime.js";

// The storage half's code cannot be fetched (offline, or a deploy replaced the file).
vi.mock("./threadKeeper.js", () => {
  throw new Error("Failed to fetch dynamically imported module");
});

let agent: MockAgent | null = null;
let runtime: ThreadRuntime | null = null;
afterEach(async () => {
  runtime?.dispose();
  await agent?.close();
});

describe("ThreadRuntime whose storage code cannot load", () => {
  it("says the chat is kept in memory only, and the chat goes on", async () => {
    agent = await startMockAgent({
      scenario: ((input: RunAgentInput) => [runStarted(input), ...textMessage(["re: hi"]), runFinished(input)]) as never,
    });
    const url = agent.url;
    const r = new ThreadRuntime({
      storage: memoryStorage(),
      threadId: "t1",
      remember: { get: () => null, set: () => {} },
      createClient: (threadId) => new AgentClient({ url, threadId, schedule: sync }),
    });
    runtime = r;
    r.connect();
    await until(() => r.state.storage.kind === "failed");
    expect(r.state.storage).toMatchObject({ kind: "failed", message: expect.stringContaining("kept in memory only") });
    await r.client.sendMessage("hi");
    expect(r.client.state.messages.map((m) => m.content)).toEqual(["hi", "re: hi"]);
    expect(await r.load("t1")).toBeNull();
  });
});

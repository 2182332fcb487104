import type { RunAgentInput } from "@ag-ui/core";
import { type MockAgent, runFinished, runStarted, startMockAgent } from "@tandem/mock-agent";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AgentClient } from "../run/agentClient.js";
import { sync } from "../test/scripts.js";
import { loadedReducerParts } from "../transport/index.js";

// No warm validation chunk here: this file sees the client as an app's first load does.
let agent: MockAgent | null = null;
afterEach(async () => {
  await agent?.close();
  vi.restoreAllMocks();
});

// In this order: the first test needs the reducer's less common half not loaded yet, and the second loads it.
describe("an AgentClient's JSON Patches", () => {
  it("a patch or activity dispatched into the store before the client's first run is refused with a warning, and the state kept", () => {
    expect(loadedReducerParts()).toBeNull();
    const client = new AgentClient({ url: "http://127.0.0.1:9/", threadId: "t1", schedule: sync, initialState: { n: 1 } });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    client.store.dispatch({ type: "STATE_DELTA", delta: [{ op: "replace", path: "/n", value: 2 }] } as never);
    expect(client.state.state).toEqual({ n: 1 });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("STATE_DELTA ignored: the code that applies it is not loaded yet"));
    client.store.dispatch({ type: "ACTIVITY_SNAPSHOT", messageId: "p1", activityType: "plan", content: { steps: ["a"] } } as never);
    expect(client.state.messages).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("ACTIVITY_SNAPSHOT ignored: the code that applies it is not loaded yet"));
    client.dispose();
  });

  it("come with the first run: its STATE_DELTA and ACTIVITY_DELTA apply, and a bad patch leaves the state as it was", async () => {
    agent = await startMockAgent({
      scenario: ((input: RunAgentInput) => [
        runStarted(input),
        { type: "STATE_SNAPSHOT", snapshot: { items: [] } },
        { type: "STATE_DELTA", delta: [{ op: "add", path: "/items/-", value: "x" }] },
        { type: "STATE_DELTA", delta: [{ op: "replace", path: "/missing/deep", value: 1 }] },
        { type: "ACTIVITY_SNAPSHOT", messageId: "p1", activityType: "plan", content: { steps: ["a"] } },
        { type: "ACTIVITY_DELTA", messageId: "p1", activityType: "plan", patch: [{ op: "add", path: "/steps/-", value: "b" }] },
        runFinished(input),
      ]) as never,
    });
    const client = new AgentClient({ url: agent.url, threadId: "t1", schedule: sync });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await client.runAgent();
    expect(client.state.error).toBeNull();
    expect(client.state.state).toEqual({ items: ["x"] });
    expect(client.state.messages.find((m) => m.id === "p1")).toMatchObject({ role: "activity", content: { steps: ["a", "b"] } });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("STATE_DELTA not applied as sent (patch.failed)"));
    expect(warn).not.toHaveBeenCalledWith(expect.stringContaining("not loaded"));
    expect(loadedReducerParts()).not.toBeNull();
    client.dispose();
  });
});

import { checkResumableRuns, checkSocketRuns } from "@tandem/server";
import { afterEach, describe, expect, it } from "vitest";
import { startMockAgent } from "./server.js";
import type { MockAgent } from "./types.js";

let agent: MockAgent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});

describe("the mock agent's runs", () => {
  it("pass the resumption conformance rules, its join endpoint and capabilities included (it serves anyone)", async () => {
    agent = await startMockAgent({ tokenDelayMs: 1 });
    const results = await checkResumableRuns({
      url: `${agent.baseUrl}/agentic-chat`,
      join: `${agent.baseUrl}/resume/{threadId}/{runId}`,
      capabilities: `${agent.baseUrl}/agentic-chat/capabilities`,
      userA: {},
    });
    expect(results.filter((r) => r.outcome === "fail")).toEqual([]);
    expect(results.filter((r) => r.outcome === "skip").map((r) => r.rule)).toEqual([
      "another user can neither resume nor join a user's run",
      "a request that proves no user is refused (401 or 403)",
    ]);
  });

  it("pass the WebSocket binding's rules (tandem-conformance runs --websocket) on the same port", async () => {
    agent = await startMockAgent({ tokenDelayMs: 1 });
    const results = await checkSocketRuns({ url: `${agent.baseUrl}/agentic-chat` });
    expect(results.filter((r) => r.outcome !== "pass")).toEqual([]);
    expect(results).toHaveLength(9);
  });
});

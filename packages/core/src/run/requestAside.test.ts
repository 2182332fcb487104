import type { RunAgentInput } from "@ag-ui/core";
import { type MockAgent, runFinished, runStarted, type Script, startMockAgent } from "@tandem/mock-agent";
import { afterEach, describe, expect, it } from "vitest";
import { sync } from "../test/scripts.js";
import { AgentClient } from "./agentClient.js";
import { requestThroughAgent } from "./requestAside.js";

let agent: MockAgent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});

async function connect(script: Script) {
  agent = await startMockAgent({ scenario: script });
  const client = new AgentClient({
    url: agent.url,
    threadId: "t1",
    schedule: sync,
    initialMessages: [{ id: "u1", role: "user", content: "Hi" }],
  });
  return { client, agent };
}

/** Answers a request aside with what it asked for; a chat run would get text. */
const echo: Script = (input) => [runStarted(input), runFinished(input, { result: { echoed: input.forwardedProps } })];

describe("requestThroughAgent", () => {
  it("resolves with RUN_FINISHED's result and leaves the thread as it was", async () => {
    const { client, agent } = await connect(echo);
    const before = client.state;
    const result = await requestThroughAgent(client, { __proxiedMCPRequest: { serverHash: "h", method: "ping" } });
    expect(result).toEqual({ echoed: { __proxiedMCPRequest: { serverHash: "h", method: "ping" } } });
    expect(client.state).toBe(before);
    const sent = agent.requests[0]?.body as RunAgentInput;
    expect(sent).toMatchObject({ threadId: "t1", messages: [], tools: [], forwardedProps: { __proxiedMCPRequest: { method: "ping" } } });
  });

  it("rejects with the agent's message on RUN_ERROR", async () => {
    const { client } = await connect(() => [{ type: "RUN_ERROR", message: "no such server" }]);
    await expect(requestThroughAgent(client, {})).rejects.toThrow("The agent refused the request: no such server");
    expect(client.state.error).toBeNull();
  });

  it("rejects when the answer ends without RUN_FINISHED", async () => {
    const { client } = await connect((input) => [runStarted(input)]);
    // The mock resumes streams: the transport tries to read on, and says the agent did not continue.
    await expect(requestThroughAgent(client, {})).rejects.toThrow("closed before the agent finished its reply");
    expect(client.state.error).toBeNull();
  });

  it("rejects on an HTTP error", async () => {
    const { client } = await connect(() => ({ status: 500, body: { error: "boom" } }));
    await expect(requestThroughAgent(client, {})).rejects.toThrow(/500/);
  });
});

import type { RunAgentInput } from "@ag-ui/core";
import { type MockAgent, runFinished, runStarted, startMockAgent, textMessage } from "@tandem/mock-agent";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sync } from "../test/scripts.js";
import { loadPipeline } from "../transport/index.js";
import { AgentClient } from "./agentClient.js";

await loadPipeline();

// Answering interrupts is a chunk of its own. Here it cannot be fetched until `offline` is false.
const network = vi.hoisted(() => ({ offline: true, tries: 0 }));
vi.mock("./interruptResponder.js", async (importOriginal) => {
  network.tries++;
  if (network.offline) throw new Error("Failed to fetch dynamically imported module");
  return importOriginal();
});

let agent: MockAgent | null = null;
afterEach(async () => {
  vi.restoreAllMocks();
  await agent?.close();
});

const bodies = (a: MockAgent) => a.requests.map((r) => r.body as RunAgentInput);

describe("answering interrupts while its code cannot load", () => {
  it("keeps the interrupt and its edited arguments open, and sends the answer once it loads", async () => {
    agent = await startMockAgent({
      scenario: ((input: RunAgentInput) =>
        input.resume
          ? [runStarted(input), ...textMessage(["sent"]), runFinished(input)]
          : [
              runStarted(input),
              runFinished(input, { outcome: { type: "interrupt", interrupts: [{ id: "i1", reason: "tool_approval", toolCallId: "c1" }] } }),
            ]) as never,
    });
    const client = new AgentClient({ url: agent.url, threadId: "t1", schedule: sync });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await client.sendMessage("go");
    expect(client.state.interrupts.map((i) => i.id)).toEqual(["i1"]);
    client.setInterruptDraft("i1", { to: "edited" });

    await client.resolveInterrupt("i1", { approved: true, editedArgs: { to: "edited" } });
    expect(network.tries).toBeGreaterThanOrEqual(2); // preloaded as the interrupt arrived, then tried again by the answer
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('interrupt "i1" is still open'));
    expect(client.state.interrupts.map((i) => i.id)).toEqual(["i1"]);
    expect(client.state.decisions.drafts).toEqual({ i1: { to: "edited" } });
    expect(agent.requests).toHaveLength(1);

    network.offline = false;
    await client.resolveInterrupt("i1", { approved: true, editedArgs: { to: "edited" } });
    expect(bodies(agent)[1]!.resume).toEqual([
      { interruptId: "i1", status: "resolved", payload: { approved: true, editedArgs: { to: "edited" } } },
    ]);
    expect(client.state.interrupts).toEqual([]);
    expect(client.state.messages.at(-1)?.content).toBe("sent");
    client.dispose();
  });
});

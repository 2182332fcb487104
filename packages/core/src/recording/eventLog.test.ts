import { type MockAgent, startMockAgent } from "@tandem/mock-agent";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentClient } from "../run/agentClient.js";
import { sync } from "../test/scripts.js";
import { recordThread } from "./recordThread.js";

let agent: MockAgent;
beforeAll(async () => {
  agent = await startMockAgent();
});
afterAll(() => agent.close());

const client = (eventLog?: number) =>
  new AgentClient({ url: `${agent.baseUrl}/agentic-chat`, schedule: sync, ...(eventLog !== undefined && { eventLog }) });

describe("the client's event log", () => {
  it("keeps every request and event from the client's start, so a recorder started later has every run", async () => {
    const c = client(20_000);
    await c.sendMessage("hello");
    await c.sendMessage("count down");
    const entries = c.log.entries();
    expect(entries.filter((e) => e.kind === "run")).toHaveLength(2);
    expect(entries[0]).toMatchObject({ kind: "run", input: { messages: [{ content: "hello" }] } });
    expect(c.log.dropped).toBe(0);
    const late = recordThread(c);
    expect(late.runs.map((r) => r.events.at(-1)?.event.type)).toEqual(["RUN_FINISHED", "RUN_FINISHED"]);
    await c.sendMessage("hello again");
    expect(late.runs).toHaveLength(3);
    expect(late.runs[2]!.events.length).toBeGreaterThan(2);
  });

  it("is bounded: past its size the oldest entries go, and a recorder leaves out events whose request went", async () => {
    const c = client(5);
    await c.sendMessage("hello");
    const entries = c.log.entries();
    expect(entries).toHaveLength(5);
    expect(entries.at(-1)).toMatchObject({ kind: "event", event: { type: "RUN_FINISHED" } });
    expect(c.log.dropped).toBeGreaterThan(0);
    expect(recordThread(c).runs).toEqual([]);
  });

  it("by default (size 0) keeps nothing, and a recorder still hears what comes next", async () => {
    expect(client().log.capacity).toBe(0);
    const c = client(0);
    await c.sendMessage("hello");
    expect(c.log.entries()).toEqual([]);
    const recorder = recordThread(c);
    await c.sendMessage("again");
    expect(recorder.runs).toHaveLength(1);
    expect(recorder.runs[0]!.events.at(-1)?.event.type).toBe("RUN_FINISHED");
  });

  it("refuses a size that is not a whole number ≥ 0, naming it", () => {
    expect(() => client(-1)).toThrow("eventLog must be a whole number ≥ 0, got -1");
    expect(() => client(1.5)).toThrow("got 1.5");
  });
});

import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { type MockAgent, runFinished, runStarted, startMockAgent, textMessage, toolCall } from "@tandem/mock-agent";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { sync, until } from "../test/scripts.js";
import { AgentClient } from "./agentClient.js";

let agents: MockAgent[] = [];
afterEach(async () => {
  await Promise.all(agents.map((a) => a.close()));
  agents = [];
});
async function serve(options: Parameters<typeof startMockAgent>[0]) {
  const agent = await startMockAgent(options);
  agents.push(agent);
  return agent;
}
const bodies = (a: MockAgent) =>
  a.requests.filter((r) => r.method === "POST" && !r.path.includes("/stop/")).map((r) => r.body as RunAgentInput);
const text = (client: AgentClient) => client.state.messages.map((m) => (typeof m.content === "string" ? m.content : ""));

describe("Stop reaches the server", () => {
  const slowReply = (input: RunAgentInput) => [
    runStarted(input),
    ...textMessage(
      Array.from({ length: 200 }, (_, i) => `w${i} `),
      { messageId: `a-${input.runId}`, tokenDelayMs: 5 },
    ),
    runFinished(input),
  ];

  it("POSTs the stop URL, so the next message on a busy-thread runtime gets its reply", async () => {
    const agent = await serve({ scenario: slowReply, busyThreads: true });
    // A slow network for the stop request: the next run must still reach the server after it.
    const slowStop: typeof fetch = async (input, init) => {
      if (String(input).includes("/stop/")) await new Promise((r) => setTimeout(r, 150));
      return fetch(input, init);
    };
    const client = new AgentClient({
      url: agent.url,
      threadId: "t1",
      agentId: "my-agent",
      stop: `${agent.baseUrl}/agent/{agentId}/stop/{threadId}`,
      fetch: slowStop,
      schedule: sync,
    });
    // The reply is held after its first word until the run is stopped: Stop always finds it running.
    const held = agent.hold({ type: "TEXT_MESSAGE_CONTENT" });
    const first = client.sendMessage("one");
    await held.reached;
    await until(() => text(client).some((t) => t.startsWith("w0")));
    client.stop();
    await first;
    // Sent at once: the run waits for the stop request, or the busy server would refuse it.
    await client.sendMessage("two");
    const stops = agent.requests.filter((r) => r.path === "/agent/my-agent/stop/t1");
    // The body CopilotKit's runtime accepts: the run's id alone (anything more is a 400 there).
    expect(stops.map((r) => r.body)).toEqual([{ runId: bodies(agent)[0]!.runId }]);
    expect(client.state.error).toBeNull();
    expect(client.state.status).toBe("idle");
    expect(text(client).at(-1)).toMatch(/^w0 .* w199 $/);
  });

  it("stopBody shapes the stop request's body for servers that want more than the run's id", async () => {
    const agent = await serve({ scenario: slowReply });
    const client = new AgentClient({
      url: agent.url,
      threadId: "t3",
      agentId: "other-agent",
      stop: `${agent.baseUrl}/stop`,
      stopBody: ({ threadId, runId, agentId }) => ({ thread_id: threadId, run_id: runId, agent: agentId }),
      schedule: sync,
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    // The reply is held after its first word until the run is stopped: Stop always finds it running.
    const held = agent.hold({ type: "TEXT_MESSAGE_CONTENT" });
    const first = client.sendMessage("one");
    await held.reached;
    await until(() => text(client).some((t) => t.startsWith("w0")));
    client.stop();
    await first;
    await until(() => agent.requests.some((r) => r.path === "/stop"));
    warn.mockRestore();
    const runId = bodies(agent)[0]!.runId;
    expect(agent.requests.find((r) => r.path === "/stop")!.body).toEqual({ thread_id: "t3", run_id: runId, agent: "other-agent" });
  });

  it("without it, the busy thread's empty answer is an error that names the likely cause", async () => {
    const agent = await serve({ scenario: slowReply, busyThreads: true });
    const client = new AgentClient({ url: agent.url, threadId: "t2", schedule: sync });
    // The reply is held after its first word until the run is stopped: Stop always finds it running.
    const held = agent.hold({ type: "TEXT_MESSAGE_CONTENT" });
    const first = client.sendMessage("one");
    await held.reached;
    await until(() => text(client).some((t) => t.startsWith("w0")));
    client.stop();
    await first;
    await client.sendMessage("two");
    expect(client.state.status).toBe("error");
    expect(client.state.error?.message).toMatch(/empty stream.*busy with an earlier run.*`stop` option/s);
    expect(text(client)).toContain("two");
  });
});

describe("one catch point: no action rejects, no run is left running", () => {
  it("a tool whose parameters cannot become JSON Schema fails the run clearly and keeps the message", async () => {
    const agent = await serve({ scenario: (input) => [runStarted(input), runFinished(input)] });
    const client = new AgentClient({ url: agent.url, threadId: "t", schedule: sync });
    const opaque = { "~standard": { version: 1, vendor: "opaque", validate: (v: unknown) => ({ value: v }) } };
    client.registerTool({ name: "mystery", parameters: opaque as never, handler: () => "x" });
    await expect(client.sendMessage("hello")).resolves.toBeUndefined();
    expect(client.state.status).toBe("error");
    expect(client.state.error).toMatchObject({ kind: "tool" });
    expect(client.state.error!.message).toMatch(/opaque.*JSON Schema/);
    expect(text(client)).toEqual(["hello"]);
    expect(agent.requests).toHaveLength(0);
  });

  it("answering an interrupt that is not pending resolves, with a warning", async () => {
    const agent = await serve({ scenario: (input) => [runStarted(input), runFinished(input)] });
    const client = new AgentClient({ url: agent.url, threadId: "t", schedule: sync });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await expect(client.resolveInterrupt("nope", { ok: true })).resolves.toBeUndefined();
    await expect(client.cancelInterrupt("nope")).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"nope"'));
    warn.mockRestore();
  });

  it("a transport that throws becomes the thread's error, and the next message runs", async () => {
    let calls = 0;
    const client = new AgentClient({
      transport: {
        run(input) {
          calls++;
          if (calls === 1) throw new Error("socket exploded");
          // A custom transport is any async iterable of AG-UI events.
          return (async function* () {
            yield* [runStarted(input), ...textMessage(["fine"], { messageId: "a2" }), runFinished(input)] as BaseEvent[];
          })();
        },
      },
      threadId: "t",
      schedule: sync,
    });
    await expect(client.sendMessage("one")).resolves.toBeUndefined();
    expect(client.state.status).toBe("error");
    await client.sendMessage("two");
    expect(client.state.status).toBe("idle");
    expect(text(client)).toEqual(["one", "two", "fine"]);
  });
});

describe("AG-UI 1.0 beyond chat", () => {
  it("reads the agent's advertised capabilities where the transport can", async () => {
    const agent = await serve({ scenario: "subagents" });
    const client = new AgentClient({
      url: `${agent.baseUrl}/subagents`,
      capabilities: `${agent.baseUrl}/subagents/capabilities`,
      threadId: "t",
    });
    expect(client.state.capabilities).toBeNull();
    await client.loadCapabilities();
    expect(client.state.capabilities).toMatchObject({ multiAgent: expect.anything() });
  });

  it("a rejected prediction puts the state back; an approved one keeps the proposal", async () => {
    const script = (input: RunAgentInput) => {
      const last = input.messages.at(-1);
      if (last?.role === "tool") return [runStarted(input), runFinished(input)];
      return [
        runStarted(input),
        { type: "CUSTOM", name: "PredictState", value: [{ state_key: "document", tool: "draft_text", tool_argument: "content" }] },
        ...toolCall("draft_text", { content: "A brand new text" }, { toolCallId: `d-${input.runId}`, chunks: 4 }),
        ...toolCall("confirm_changes", {}, { toolCallId: `c-${input.runId}` }),
        runFinished(input),
      ];
    };
    const agent = await serve({ scenario: script });
    const client = new AgentClient({ url: agent.url, threadId: "t", initialState: { document: "Old text" }, schedule: sync });
    client.registerTool({ name: "confirm_changes", parameters: z.object({}) });

    const rejected = client.sendMessage("write");
    await until(() => client.state.status === "awaiting-input");
    expect(client.state.state).toEqual({ document: "A brand new text" });
    const pending = client.selectToolCalls(client.state).find((c) => c.name === "confirm_changes")!;
    client.respond(pending.id, { approved: false });
    await rejected;
    expect(client.state.state).toEqual({ document: "Old text" });
    expect(bodies(agent).at(-1)!.state).toEqual({ document: "Old text" });

    const approved = client.sendMessage("write again");
    await until(() => client.state.status === "awaiting-input");
    const next = client.selectToolCalls(client.state).findLast((c) => c.name === "confirm_changes")!;
    client.respond(next.id, { approved: true });
    await approved;
    expect(client.state.state).toEqual({ document: "A brand new text" });
    expect(bodies(agent).at(-1)!.state).toEqual({ document: "A brand new text" });
  });

  it("a subagent still running when the run is stopped, fails or is cut off is not left running", async () => {
    const script = (input: RunAgentInput) => [
      runStarted(input),
      { type: "SUBAGENT_STARTED", subagentRunId: `sa-${input.runId}`, name: "researcher" },
      ...textMessage(
        Array.from({ length: 100 }, (_, i) => `w${i} `),
        { messageId: `m-${input.runId}`, tokenDelayMs: 5 },
      ).map((e) => ({ ...e, subagentRunId: `sa-${input.runId}` })),
    ];
    const agent = await serve({ scenario: script });
    const client = new AgentClient({ url: agent.url, threadId: "t", schedule: sync });
    const held = agent.hold({ type: "TEXT_MESSAGE_CONTENT" });
    const stopped = client.sendMessage("go");
    await held.reached;
    await until(() => client.state.subagents.length === 1);
    client.stop();
    await stopped;
    expect(client.state.subagents[0]).toMatchObject({ status: "failed", error: "Stopped by the user." });
    await client.sendMessage("again"); // this time the stream ends without RUN_FINISHED
    expect(client.state.error?.kind).toBe("truncated");
    expect(client.state.subagents[1]).toMatchObject({ status: "failed", error: expect.stringMatching(/closed before/) });
  });

  it("a restored thread waiting on two tools resumes once both are registered, and asks the agent once", async () => {
    const agent = await serve({ scenario: (input) => [runStarted(input), ...textMessage(["Thanks"]), runFinished(input)] });
    const client = new AgentClient({ url: agent.url, threadId: "t", schedule: sync });
    const call = (id: string, name: string) => ({ id, type: "function" as const, function: { name, arguments: "{}" } });
    client.restore({
      messages: [
        { id: "u", role: "user", content: "book it" },
        { id: "a", role: "assistant", toolCalls: [call("c1", "pick_seat"), call("c2", "confirm_payment")] },
      ],
      state: {},
      interrupts: [],
      toolCallStatus: { c1: "awaiting-input", c2: "awaiting-input" },
    });
    client.registerTool({ name: "pick_seat" });
    await new Promise((r) => setTimeout(r, 20));
    expect(agent.requests).toHaveLength(0);
    client.registerTool({ name: "confirm_payment" });
    await until(() => client.state.status === "awaiting-input");
    client.respond("c1", { seat: "12A" });
    client.respond("c2", { approved: true });
    await until(() => client.state.status === "idle" && agent.requests.length > 0);
    expect(agent.requests).toHaveLength(1);
    const sent = (agent.requests[0]!.body as RunAgentInput).messages.filter((m) => m.role === "tool").map((m) => m.toolCallId);
    expect(sent).toEqual(["c1", "c2"]);
  });

  it("tells listeners each request as it goes out, before its events", async () => {
    const agent = await serve({ scenario: (input) => [runStarted(input), ...textMessage(["hi"]), runFinished(input)] });
    const client = new AgentClient({ url: agent.url, threadId: "t", schedule: sync });
    const seen: string[] = [];
    client.onRun((input) => seen.push(`run ${input.messages.length}`));
    client.onEvent((event) => seen.push(event.type));
    await client.sendMessage("hello");
    expect(seen[0]).toBe("run 1");
    expect(seen[1]).toBe("RUN_STARTED");
    expect((agent.requests[0]!.body as RunAgentInput).messages).toHaveLength(1);
  });
});

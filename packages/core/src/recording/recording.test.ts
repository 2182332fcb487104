import { type MockAgent, startMockAgent } from "@tandem/mock-agent";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentClient } from "../run/agentClient.js";
import type { AgentClientOptions } from "../run/clientOptions.js";
import { sync } from "../test/scripts.js";
import type { Protocol } from "../transport/index.js";
import { recordThread } from "./recordThread.js";
import type { Recording } from "./types.js";

let agent: MockAgent;
const replays: MockAgent[] = [];
beforeAll(async () => {
  agent = await startMockAgent();
});
afterAll(async () => {
  await agent.close();
  await Promise.all(replays.map((r) => r.close()));
});

/** Where the mock agent serves a scenario in each dialect. */
function endpoint(baseUrl: string, protocol: Protocol, scenario: string): Partial<AgentClientOptions> {
  switch (protocol) {
    case "ag-kit":
      return { url: `${baseUrl}/ag-kit/${scenario}/send-message` };
    case "agent-runtime":
      return { url: `${baseUrl}/agent-runtime`, agentId: scenario };
    case "agentscope":
      return { url: `${baseUrl}/agentscope/${scenario}` };
    default:
      return { url: `${baseUrl}/${scenario}` };
  }
}

function client(baseUrl: string, protocol: Protocol) {
  const c = new AgentClient({
    protocol,
    threadId: `t-${protocol}-${Math.random()}`,
    schedule: sync,
    headers: { authorization: "Bearer secret-token" },
    ...endpoint(baseUrl, protocol, "agentic-chat"),
  } as AgentClientOptions);
  c.registerTool({
    name: "change_background",
    description: "Change the background",
    parameters: { type: "object", properties: { background: { type: "string" } }, required: ["background"] } as const,
    handler: ({ background }: { background: string }) => ({ ok: true, background }),
  });
  return c;
}

async function replayAgent(recording: Recording) {
  const replay = await startMockAgent({ recording: JSON.parse(JSON.stringify(recording)) });
  replays.push(replay);
  return replay;
}

/** What a user sees: roles, text and tool calls, without the ids each run mints. */
const transcript = (c: AgentClient) =>
  c.state.messages.map((m) => ({
    role: m.role,
    content: "content" in m ? m.content : undefined,
    calls: "toolCalls" in m ? m.toolCalls?.map((t) => [t.function.name, t.function.arguments]) : undefined,
  }));

const PROTOCOLS: Protocol[] = ["ag-ui", "ag-kit", "agent-runtime", "agentscope"];

describe.each(PROTOCOLS)("a recording made over %s", (protocol) => {
  let recording: Recording;
  let original: AgentClient;

  beforeAll(async () => {
    original = client(agent.baseUrl, protocol);
    const recorder = recordThread(original);
    await original.sendMessage("count down");
    await original.sendMessage("make the background teal");
    recorder.stop();
    recording = recorder.recording();
  });

  it("holds each run's request, path and timed events, and no headers", () => {
    expect(original.state.error).toBeNull();
    expect(recording.version).toBe(1);
    // The text turn, the tool call, and the follow-up with the tool's result.
    expect(recording.runs).toHaveLength(3);
    const expectedPath = new URL(original.endpoint.url!).pathname;
    for (const run of recording.runs) {
      expect(run).toMatchObject({ protocol, path: expectedPath });
      expect(run.events[0]!.event.type).toBe("RUN_STARTED");
      expect(run.events.every((e, i) => e.t >= 0 && (i === 0 || e.t >= run.events[i - 1]!.t))).toBe(true);
    }
    expect(recording.runs[2]!.input.messages.at(-1)).toMatchObject({ role: "tool" });
    expect(JSON.stringify(recording)).not.toContain("secret-token");
  });

  it("replays through the mock agent into a fresh client with the same transcript and state", async () => {
    const replay = await replayAgent(recording);
    const fresh = client(replay.baseUrl, protocol);
    await fresh.sendMessage("count down");
    await fresh.sendMessage("make the background teal");
    expect(fresh.state.error).toBeNull();
    expect(transcript(fresh)).toEqual(transcript(original));
    expect(fresh.state.state).toEqual(original.state.state);
    // Each request went to the path it was recorded at.
    expect(replay.requests.filter((r) => r.method === "POST").map((r) => r.path)).toEqual(recording.runs.map((r) => r.path));
  });

  it("refuses a changed request with its difference named", async () => {
    const replay = await replayAgent(recording);
    const fresh = client(replay.baseUrl, protocol);
    await fresh.sendMessage("count up");
    expect(fresh.state.error?.message).toContain('messages[0].content: expected "count down", got "count up"');
  });
});

describe("recordThread", () => {
  it("redacts body fields with the hook", async () => {
    const c = new AgentClient({ url: `${agent.baseUrl}/agentic-chat`, schedule: sync, forwardedProps: { apiKey: "k-123" } });
    const recorder = recordThread(c, {
      redact: (input) => ({ ...input, forwardedProps: { ...input.forwardedProps, apiKey: "[redacted]" } }),
    });
    await c.sendMessage("hello");
    const [run] = recorder.recording().runs;
    expect(run!.input.forwardedProps).toEqual({ apiKey: "[redacted]" });
    expect(JSON.stringify(recorder.recording())).not.toContain("k-123");
  });

  it("a replay refuses a different tool result", async () => {
    const c = client(agent.baseUrl, "ag-ui");
    const recorder = recordThread(c);
    await c.sendMessage("make the background teal");
    const replay = await replayAgent(recorder.recording());
    const fresh = new AgentClient({ url: `${replay.baseUrl}/agentic-chat`, schedule: sync });
    fresh.registerTool({ name: "change_background", description: "d", parameters: {}, handler: () => ({ ok: false }) });
    await fresh.sendMessage("make the background teal");
    expect(fresh.state.error?.message).toMatch(/^Replay, run 2: messages\[2\]\.content: expected .*got .*ok.*false/);
  });

  it("a replay refuses a request past the recording's end", async () => {
    const c = new AgentClient({ url: `${agent.baseUrl}/agentic-chat`, schedule: sync });
    const recorder = recordThread(c);
    await c.sendMessage("hello");
    const replay = await replayAgent(recorder.recording());
    const fresh = new AgentClient({ url: `${replay.baseUrl}/agentic-chat`, schedule: sync });
    await fresh.sendMessage("hello");
    expect(fresh.state.error).toBeNull();
    await fresh.sendMessage("more");
    expect(fresh.state.error?.message).toContain("the recording has 1 runs, all replayed; nothing left for POST /agentic-chat");
  });
});

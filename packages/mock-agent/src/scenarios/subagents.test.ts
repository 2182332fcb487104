import { HttpAgent } from "@ag-ui/client";
import { EventSchema } from "@ag-ui/core/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockAgent } from "../server.js";
import { type Event, post, user } from "../test/http.js";
import type { MockAgent } from "../types.js";

let agent: MockAgent;
beforeAll(async () => {
  agent = await startMockAgent();
});
afterAll(() => agent.close());

const text = (events: Event[], owner: string | undefined) =>
  events
    .filter((e) => e.type === "TEXT_MESSAGE_CONTENT" && e.subagentRunId === owner)
    .map((e) => e.delta)
    .join("");

/** The events between a subagent's start and its end, both included. */
function lane(events: Event[], name: string): Event[] {
  const start = events.findIndex((e) => e.type === "SUBAGENT_STARTED" && e.name === name);
  const id = events[start]?.subagentRunId;
  const end = events.findIndex(
    (e, i) => i > start && (e.type === "SUBAGENT_FINISHED" || e.type === "SUBAGENT_ERROR") && e.subagentRunId === id,
  );
  return start < 0 || end < 0 ? [] : events.slice(start, end + 1);
}

describe("subagents scenario", () => {
  it("a supervisor speaks, delegates to a researcher then a writer, and sums up outside their groups", async () => {
    const events = await post(`${agent.baseUrl}/subagents`, { threadId: "sub-1", messages: [user("write a report about tides")] });
    for (const event of events) expect(EventSchema.safeParse(event).success, JSON.stringify(event)).toBe(true);

    const started = events.filter((e) => e.type === "SUBAGENT_STARTED");
    expect(started.map((e) => [e.name, typeof e.description])).toEqual([
      ["researcher", "string"],
      ["writer", "string"],
    ]);
    const [researcherId, writerId] = started.map((e) => e.subagentRunId as string);
    expect(researcherId).not.toBe(writerId);

    const researcher = lane(events, "researcher");
    const writer = lane(events, "writer");
    // One after the other, each closed by SUBAGENT_FINISHED with its result.
    expect(events.indexOf(researcher.at(-1)!)).toBeLessThan(events.indexOf(writer[0]!));
    expect(researcher.at(-1)).toMatchObject({
      type: "SUBAGENT_FINISHED",
      subagentRunId: researcherId,
      result: { facts: expect.any(Array) },
    });
    expect(writer.at(-1)).toMatchObject({
      type: "SUBAGENT_FINISHED",
      subagentRunId: writerId,
      result: { draft: expect.stringContaining("Tides") },
    });

    // Everything inside a lane is attributed to it: text, a backend tool call and its result.
    for (const [id, inside] of [
      [researcherId, researcher.slice(1, -1)],
      [writerId, writer.slice(1, -1)],
    ] as const) {
      expect(inside.length).toBeGreaterThan(5);
      expect(inside.every((e) => e.subagentRunId === id)).toBe(true);
      const types = new Set(inside.map((e) => e.type));
      for (const type of [
        "TEXT_MESSAGE_START",
        "TEXT_MESSAGE_CONTENT",
        "TOOL_CALL_START",
        "TOOL_CALL_ARGS",
        "TOOL_CALL_END",
        "TOOL_CALL_RESULT",
      ]) {
        expect(types.has(type), `${id} ${type}`).toBe(true);
      }
    }
    expect(researcher.find((e) => e.type === "TOOL_CALL_START")!.toolCallName).toBe("search_web");
    expect(writer.find((e) => e.type === "TOOL_CALL_START")!.toolCallName).toBe("count_words");
    expect(text(events, researcherId)).toMatch(/^Looking up tides\..*Found 3 facts/);

    // The supervisor's own words: before the first subagent and after the last.
    const supervisor = events.filter((e) => e.type === "TEXT_MESSAGE_START" && e.subagentRunId === undefined);
    expect(supervisor).toHaveLength(2);
    expect(events.indexOf(supervisor[0]!)).toBeLessThan(events.indexOf(researcher[0]!));
    expect(events.indexOf(supervisor[1]!)).toBeGreaterThan(events.indexOf(writer.at(-1)!));
    expect(text(events, undefined)).toMatch(/^I'll ask the researcher to look into tides.*Done\. The researcher found 3 facts/);

    expect(events.at(-1)).toMatchObject({
      type: "RUN_FINISHED",
      usage: [
        { provider: "mock", model: "supervisor-mini", inputTokens: 420, outputTokens: 96, totalTokens: 516 },
        { provider: "mock", model: "worker-large", inputTokens: 1800, outputTokens: 640, totalTokens: 2440 },
      ],
    });
  });

  it("the writer fails with SUBAGENT_ERROR when asked, and the supervisor carries on", async () => {
    const events = await post(`${agent.baseUrl}/subagents`, {
      threadId: "sub-2",
      messages: [user("research volcanoes and make the writer fail")],
    });
    expect(lane(events, "researcher").at(-1)!.type).toBe("SUBAGENT_FINISHED");
    const writer = lane(events, "writer");
    expect(writer.at(-1)).toMatchObject({ type: "SUBAGENT_ERROR", message: expect.stringContaining("writer"), code: "model_unavailable" });
    expect(events.filter((e) => e.type === "SUBAGENT_FINISHED")).toHaveLength(1);
    expect(text(events, undefined)).toContain("The writer failed");
    expect(text(events, undefined)).toContain("volcanoes");
    expect(events.at(-1)!.type).toBe("RUN_FINISHED");
  });

  it("passes the official @ag-ui/client verification, which keeps each message's subagentRunId", async () => {
    for (const [threadId, message] of [
      ["official-ok", "write about comets"],
      ["official-fail", "write about comets, fail"],
    ] as const) {
      const official = new HttpAgent({ url: `${agent.baseUrl}/subagents`, threadId });
      official.addMessage(user(message));
      const { newMessages } = await official.runAgent();
      const owners = newMessages.map((m) => (m as { subagentRunId?: string }).subagentRunId);
      const researcher = owners.find((o) => o?.startsWith("sa-researcher"));
      const writer = owners.find((o) => o?.startsWith("sa-writer"));
      expect(researcher, threadId).toBeDefined();
      expect(writer, threadId).toBeDefined();
      expect(owners[0]).toBeUndefined();
      expect(owners.at(-1)).toBeUndefined();
      // Tool results are the subagents' too.
      expect(newMessages.filter((m) => m.role === "tool").every((m) => (m as { subagentRunId?: string }).subagentRunId)).toBe(true);
    }
  });
});

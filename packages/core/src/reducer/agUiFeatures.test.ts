import { type BaseEvent, EventType } from "@ag-ui/core";
import { beforeAll, describe, expect, it } from "vitest";
import { loadPartialJson } from "../tools/partialJson.js";
import { createThreadState, reduceEvent, reduceEvents } from "./reduceEvents.js";
import { isRejection } from "./rejection.js";

const ev = (e: Record<string, unknown>) => e as unknown as BaseEvent;
const started = (runId = "r1") => ev({ type: EventType.RUN_STARTED, threadId: "t", runId });
const finished = (runId = "r1", extra: Record<string, unknown> = {}) =>
  ev({ type: EventType.RUN_FINISHED, threadId: "t", runId, ...extra });
const predict = (tool: string, state_key = "document", tool_argument = "content") =>
  ev({ type: EventType.CUSTOM, name: "PredictState", value: [{ state_key, tool, tool_argument }] });
const callStart = (id: string, name: string) =>
  ev({ type: EventType.TOOL_CALL_START, toolCallId: id, toolCallName: name, parentMessageId: "m1" });
const args = (id: string, delta: string) => ev({ type: EventType.TOOL_CALL_ARGS, toolCallId: id, delta });

describe("predictive state (CUSTOM PredictState)", () => {
  // Every run has the closer of cut-off JSON: it comes with the validation pipeline a run waits for.
  beforeAll(async () => {
    await loadPartialJson();
  });

  it("streams the named tool's argument into its state key, whatever the tool is called", () => {
    let s = reduceEvents(createThreadState({ threadId: "t", state: { title: "Notes", document: "old" } }), [
      started(),
      predict("write_document_local"),
      callStart("c1", "write_document_local"),
      args("c1", '{"content": "Once up'),
    ]);
    expect(s.state).toEqual({ title: "Notes", document: "Once up" });
    s = reduceEvent(s, args("c1", 'on a time"}'));
    expect(s.state).toEqual({ title: "Notes", document: "Once upon a time" });
    expect(s.predictedFrom).toEqual({ state: { title: "Notes", document: "old" } });
  });

  it("keeps the proposal when the call ends, and leaves other tools' arguments alone", () => {
    const s = reduceEvents(createThreadState({ threadId: "t", state: null }), [
      started(),
      predict("draft"),
      callStart("c1", "other_tool"),
      args("c1", '{"content":"not this"}'),
      callStart("c2", "draft"),
      args("c2", '{"content":"this"}'),
      ev({ type: EventType.TOOL_CALL_END, toolCallId: "c2" }),
      finished(),
    ]);
    expect(s.state).toEqual({ document: "this" });
    expect(s.predictedFrom).toEqual({ state: null });
  });

  it("lets the server's own STATE_SNAPSHOT win, and forgets the rules when the next run starts", () => {
    const s = reduceEvents(createThreadState({ threadId: "t" }), [
      started(),
      predict("draft"),
      callStart("c1", "draft"),
      args("c1", '{"content":"draft text"}'),
      ev({ type: EventType.STATE_SNAPSHOT, snapshot: { document: "server text" } }),
      finished(),
      started("r2"),
    ]);
    expect(s.state).toEqual({ document: "server text" });
    expect(s.predictions).toEqual([]);
    expect(s.predictedFrom).toBeNull();
  });

  it("ignores a malformed PredictState", () => {
    const s = reduceEvents(createThreadState({ threadId: "t" }), [
      started(),
      ev({ type: EventType.CUSTOM, name: "PredictState", value: [{ tool: "x" }] }),
    ]);
    expect(s.predictions).toEqual([]);
  });

  it("reads a rejection from the usual confirmation answers", () => {
    expect(isRejection({ approved: false })).toBe(true);
    expect(isRejection({ accepted: false, steps: [] })).toBe(true);
    expect(isRejection({ approved: true })).toBe(false);
    expect(isRejection("no")).toBe(false);
  });
});

describe("subagents", () => {
  it("tracks each invocation's status and attributes its messages", () => {
    const s = reduceEvents(createThreadState({ threadId: "t" }), [
      started(),
      ev({ type: EventType.SUBAGENT_STARTED, subagentRunId: "sa1", name: "researcher", description: "Finds facts" }),
      ev({ type: EventType.TEXT_MESSAGE_START, messageId: "m1", role: "assistant", subagentRunId: "sa1" }),
      ev({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m1", delta: "Found it", subagentRunId: "sa1" }),
      ev({ type: EventType.TEXT_MESSAGE_END, messageId: "m1", subagentRunId: "sa1" }),
      ev({ type: EventType.SUBAGENT_FINISHED, subagentRunId: "sa1", result: { facts: 3 } }),
      ev({ type: EventType.SUBAGENT_STARTED, subagentRunId: "sa2", name: "writer" }),
      ev({ type: EventType.SUBAGENT_ERROR, subagentRunId: "sa2", message: "Out of ink" }),
      ev({ type: EventType.SUBAGENT_STARTED, subagentRunId: "sa3", name: "checker" }),
    ]);
    expect(s.subagents).toEqual([
      { id: "sa1", name: "researcher", description: "Finds facts", status: "finished", result: { facts: 3 } },
      { id: "sa2", name: "writer", status: "failed", error: "Out of ink" },
      { id: "sa3", name: "checker", status: "running" },
    ]);
    expect(s.messages[0]).toMatchObject({ id: "m1", subagentRunId: "sa1", content: "Found it" });
  });

  it("fails the subagents still running when the run errors", () => {
    const s = reduceEvents(createThreadState({ threadId: "t" }), [
      started(),
      ev({ type: EventType.SUBAGENT_STARTED, subagentRunId: "sa1", name: "researcher" }),
      ev({ type: EventType.RUN_ERROR, message: "Model overloaded" }),
    ]);
    expect(s.subagents[0]).toMatchObject({ status: "failed", error: "Model overloaded" });
  });

  it("marks a subagent suspended when it finishes waiting for input", () => {
    const s = reduceEvents(createThreadState({ threadId: "t" }), [
      started(),
      ev({ type: EventType.SUBAGENT_STARTED, subagentRunId: "sa1", name: "booker" }),
      ev({ type: EventType.SUBAGENT_FINISHED, subagentRunId: "sa1", outcome: { type: "suspended", interruptIds: ["i1"] } }),
    ]);
    expect(s.subagents[0]!.status).toBe("suspended");
  });
});

describe("token usage", () => {
  it("keeps each run's usage and sums the thread's per provider and model", () => {
    const usage1 = [{ provider: "openai", model: "gpt", inputTokens: 10, outputTokens: 5, totalTokens: 15 }];
    const usage2 = [
      { provider: "openai", model: "gpt", inputTokens: 20, outputTokens: 7, totalTokens: 27 },
      { provider: "anthropic", model: "claude", inputTokens: 3, outputTokens: 4, totalTokens: 7 },
    ];
    const s = reduceEvents(createThreadState({ threadId: "t" }), [
      started("r1"),
      finished("r1", { usage: usage1 }),
      started("r2"),
      finished("r2", { usage: usage2 }),
      started("r3"),
      finished("r3"),
    ]);
    expect(s.usage.byRun).toEqual({ r1: usage1, r2: usage2 });
    expect(s.usage.thread).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ provider: "openai", model: "gpt", inputTokens: 30, outputTokens: 12, totalTokens: 42 }),
        expect.objectContaining({ provider: "anthropic", model: "claude", totalTokens: 7 }),
      ]),
    );
    expect(s.usage.thread).toHaveLength(2);
  });
});

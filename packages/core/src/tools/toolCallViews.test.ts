import { type BaseEvent, EventType } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import { createThreadState, reduceEvents } from "../reducer/reduceEvents.js";
import { createToolCallSelector } from "./toolCallViews.js";

const ev = (e: Record<string, unknown>) => e as unknown as BaseEvent;
const withCall = reduceEvents(createThreadState({ threadId: "t" }), [
  ev({ type: EventType.RUN_STARTED, threadId: "t", runId: "r" }),
  ev({ type: EventType.TOOL_CALL_START, toolCallId: "c1", toolCallName: "search", parentMessageId: "m" }),
  ev({ type: EventType.TOOL_CALL_ARGS, toolCallId: "c1", delta: '{"q":"x"}' }),
  ev({ type: EventType.TOOL_CALL_END, toolCallId: "c1" }),
]);
const progress = (messageId: string, content: Record<string, unknown>) =>
  ev({ type: EventType.ACTIVITY_SNAPSHOT, messageId, activityType: "tool-call-progress", content });

describe("tool call views", () => {
  it("carry the progress the agent reports, however the dialect names the call", () => {
    const select = createToolCallSelector();
    const byId = reduceEvents(withCall, [progress("p1", { toolCallId: "c1", progress: 0.25, message: "Searching" })]);
    expect(select(byId)[0]!.progress).toEqual({ value: 0.25, message: "Searching" });
    const runtimeStyle = reduceEvents(withCall, [progress("tool_call:c1", { progress: 1.7 })]);
    expect(createToolCallSelector()(runtimeStyle)[0]!.progress).toEqual({ value: 1 });
    expect(createToolCallSelector()(withCall)[0]!.progress).toBeUndefined();
  });

  it("keep their identity until their own call, result or progress changes", () => {
    const select = createToolCallSelector();
    const first = select(withCall)[0]!;
    const text = reduceEvents(withCall, [
      ev({ type: EventType.TEXT_MESSAGE_START, messageId: "a", role: "assistant" }),
      ev({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: "a", delta: "hi" }),
    ]);
    expect(select(text)[0]).toBe(first);
    const moved = reduceEvents(text, [progress("tool_call:c1", { progress: 0.5 })]);
    const second = select(moved)[0]!;
    expect(second).not.toBe(first);
    expect(second.progress).toEqual({ value: 0.5 });
  });
});

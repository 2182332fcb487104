import { type BaseEvent, EventType } from "@ag-ui/core";
import { describe, expect, it, vi } from "vitest";
import { createThreadState, reduceEvent, reduceEvents } from "./reduceEvents.js";

const start = (threadId = "t"): BaseEvent[] => [{ type: EventType.RUN_STARTED, threadId, runId: "r1" } as BaseEvent];
const text = (id: string, ...deltas: string[]): BaseEvent[] => [
  { type: EventType.TEXT_MESSAGE_START, messageId: id, role: "assistant" } as BaseEvent,
  ...deltas.map((delta) => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: id, delta }) as BaseEvent),
  { type: EventType.TEXT_MESSAGE_END, messageId: id } as BaseEvent,
];

function history(n: number) {
  return Array.from({ length: n }, (_, i) => ({ id: `h${i}`, role: i % 2 ? ("assistant" as const) : ("user" as const), content: `m${i}` }));
}

describe("reduceEvents", () => {
  it("streams text into one message and keeps every other message's identity", () => {
    const base = createThreadState({ threadId: "t", messages: history(20) });
    const next = reduceEvents(base, [...start(), ...text("a1", "Hel", "lo")]);
    expect(next.messages).toHaveLength(21);
    expect(next.messages.at(-1)).toMatchObject({ id: "a1", role: "assistant", content: "Hello" });
    for (let i = 0; i < 20; i++) expect(next.messages[i]).toBe(base.messages[i]);
    expect(next.status).toBe("running");
  });

  it("does not mutate the state it was given", () => {
    const base = reduceEvents(createThreadState({ threadId: "t" }), [...start(), ...text("a1", "Hi")]);
    const frozen = JSON.stringify(base);
    reduceEvent(base, { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "a1", delta: " there" } as BaseEvent);
    expect(JSON.stringify(base)).toBe(frozen);
  });

  it("returns the same state for events that change nothing", () => {
    const base = createThreadState({ threadId: "t" });
    expect(reduceEvents(base, [])).toBe(base);
  });

  it("assembles interleaved parallel tool calls on one assistant message", () => {
    const s = reduceEvents(createThreadState({ threadId: "t" }), [
      ...start(),
      { type: EventType.TOOL_CALL_START, toolCallId: "c1", toolCallName: "a", parentMessageId: "m" },
      { type: EventType.TOOL_CALL_START, toolCallId: "c2", toolCallName: "b", parentMessageId: "m" },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: "c2", delta: '{"y":' },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: "c1", delta: '{"x":1}' },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: "c2", delta: "2}" },
      { type: EventType.TOOL_CALL_END, toolCallId: "c1" },
    ] as BaseEvent[]);
    expect(s.messages).toHaveLength(1);
    const calls = (s.messages[0] as { toolCalls: { id: string; function: { arguments: string } }[] }).toolCalls;
    expect(calls.map((c) => [c.id, c.function.arguments])).toEqual([
      ["c1", '{"x":1}'],
      ["c2", '{"y":2}'],
    ]);
    expect(s.toolCallStatus).toEqual({ c1: "executing", c2: "streaming" });
    expect(s.runToolCallIds).toEqual(["c1", "c2"]);
  });

  it("puts a tool result right after the call's message and completes the call", () => {
    const s = reduceEvents(createThreadState({ threadId: "t" }), [
      ...start(),
      { type: EventType.TOOL_CALL_START, toolCallId: "c1", toolCallName: "get_weather", parentMessageId: "m" },
      { type: EventType.TOOL_CALL_END, toolCallId: "c1" },
      ...text("after", "done"),
      { type: EventType.TOOL_CALL_RESULT, messageId: "r", toolCallId: "c1", content: "sunny" },
    ] as BaseEvent[]);
    expect(s.messages.map((m) => m.id)).toEqual(["m", "r", "after"]);
    expect(s.toolCallStatus.c1).toBe("complete");
  });

  it("applies state deltas with structural sharing", () => {
    const base = createThreadState({ threadId: "t", state: { a: { n: 1 }, b: { n: 2 } } });
    const s = reduceEvent(base, { type: EventType.STATE_DELTA, delta: [{ op: "replace", path: "/a/n", value: 5 }] } as BaseEvent);
    expect(s.state).toEqual({ a: { n: 5 }, b: { n: 2 } });
    expect((s.state as { b: unknown }).b).toBe((base.state as { b: unknown }).b);
    expect(base.state).toEqual({ a: { n: 1 }, b: { n: 2 } });
  });

  it("rejects a whole patch when one operation fails, keeping the state", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const base = createThreadState({ threadId: "t", state: { a: 1 } });
    const s = reduceEvent(base, {
      type: EventType.STATE_DELTA,
      delta: [
        { op: "replace", path: "/a", value: 2 },
        { op: "remove", path: "/missing" },
      ],
    } as BaseEvent);
    expect(s.state).toEqual({ a: 1 });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("STATE_DELTA not applied as sent (patch.failed)"));
    warn.mockRestore();
  });

  it.each(["/__proto__/polluted", "/constructor/prototype/polluted", "/a/prototype"])("refuses the path %s", (path) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const base = createThreadState({ threadId: "t", state: { a: {} } });
    const s = reduceEvent(base, { type: EventType.STATE_DELTA, delta: [{ op: "add", path, value: true }] } as BaseEvent);
    expect(s.state).toEqual({ a: {} });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    warn.mockRestore();
  });

  it("reconciles a messages snapshot by id: replaces, removes, keeps unchanged identities", () => {
    const base = createThreadState({ threadId: "t", messages: history(3) });
    const s = reduceEvent(base, {
      type: EventType.MESSAGES_SNAPSHOT,
      messages: [
        { id: "h0", role: "user", content: "m0" },
        { id: "h2", role: "user", content: "edited" },
        { id: "new", role: "assistant", content: "x" },
      ],
    } as BaseEvent);
    expect(s.messages.map((m) => [m.id, m.content])).toEqual([
      ["h0", "m0"],
      ["h2", "edited"],
      ["new", "x"],
    ]);
    expect(s.messages[0]).toBe(base.messages[0]);
  });

  it("puts a snapshot's messages in the snapshot's order, the message just sent after the history it brings", () => {
    const sent = { id: "u1", role: "user" as const, content: "hi" };
    const base = createThreadState({ threadId: "t", messages: [sent] });
    const s = reduceEvent(base, {
      type: EventType.MESSAGES_SNAPSHOT,
      messages: [...history(2), sent],
    } as BaseEvent);
    expect(s.messages.map((m) => m.id)).toEqual(["h0", "h1", "u1"]);
    expect(s.messages[2]).toBe(sent);
  });

  it("records an interrupt outcome and waits for input", () => {
    const s = reduceEvents(createThreadState({ threadId: "t" }), [
      ...start(),
      {
        type: EventType.RUN_FINISHED,
        threadId: "t",
        runId: "r1",
        outcome: { type: "interrupt", interrupts: [{ id: "i1", reason: "approve" }] },
      },
    ] as BaseEvent[]);
    expect(s.status).toBe("awaiting-input");
    expect(s.interrupts).toEqual([{ id: "i1", reason: "approve" }]);
    expect(s.lastOutcome).toBe("interrupt");
  });

  it("turns RUN_ERROR into an agent error and keeps the partial reply", () => {
    const s = reduceEvents(createThreadState({ threadId: "t" }), [
      ...start(),
      { type: EventType.TEXT_MESSAGE_START, messageId: "a", role: "assistant" },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "a", delta: "partial" },
      { type: EventType.RUN_ERROR, message: "model overloaded", code: "overloaded" },
    ] as BaseEvent[]);
    expect(s.status).toBe("error");
    expect(s.error).toEqual({ kind: "agent", message: "model overloaded", code: "overloaded" });
    expect(s.messages[0]).toMatchObject({ content: "partial" });
  });

  it("tracks steps and activity snapshots with deltas", () => {
    const s = reduceEvents(createThreadState({ threadId: "t" }), [
      ...start(),
      { type: EventType.STEP_STARTED, stepName: "plan" },
      { type: EventType.ACTIVITY_SNAPSHOT, messageId: "act", activityType: "tool-call-progress", content: { progress: 0.1 } },
      {
        type: EventType.ACTIVITY_DELTA,
        messageId: "act",
        activityType: "tool-call-progress",
        patch: [{ op: "replace", path: "/progress", value: 0.5 }],
      },
    ] as BaseEvent[]);
    expect(s.steps).toEqual([{ name: "plan", status: "running" }]);
    expect(s.messages[0]).toMatchObject({ role: "activity", content: { progress: 0.5 } });
  });
});

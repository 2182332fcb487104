import type { Message } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import { createThreadState } from "../reducer/reduceEvents.js";
import { ToolRegistry } from "../tools/registry.js";
import { batchCalls, restoredCalls, withToolResult } from "./toolBatch.js";

const call = (id: string, name: string) => ({ id, type: "function" as const, function: { name, arguments: '{"a":1}' } });
const messages: Message[] = [
  { id: "u", role: "user", content: "go" },
  { id: "m", role: "assistant", toolCalls: [call("c1", "ask"), call("c2", "gone"), call("c3", "ask")] },
];

function registry(...names: string[]): ToolRegistry {
  const tools = new ToolRegistry();
  for (const name of names) tools.register({ name });
  return tools;
}

describe("a tool batch", () => {
  it("runs the calls whose tools exist, with edited arguments where given", () => {
    const calls = batchCalls(messages, ["c1", "c2"], registry("ask"), { c1: { a: 2 } });
    expect(calls.map((c) => c.call.id)).toEqual(["c1"]);
    expect(calls[0]!.call.function.arguments).toBe('{"a":2}');
  });

  it("puts a result in after its call, the thread idle once nothing is going on", () => {
    const state = createThreadState({ threadId: "t", messages, status: "idle" });
    const next = withToolResult(state, "c1", { content: "ok" }, false);
    expect(next.messages[2]).toMatchObject({ role: "tool", toolCallId: "c1", content: "ok" });
    expect(next.toolCallStatus.c1).toBe("complete");
    expect(next.status).toBe("idle");
    expect(withToolResult(state, "c1", { content: "ok" }, true).status).toBe("awaiting-input");
  });

  it("picks up a restored thread's unanswered calls only once every tool they waited on is back", () => {
    const waiting = createThreadState({ threadId: "t", messages, toolCallStatus: { c1: "executing", c2: "executing" } });
    expect(restoredCalls(waiting, registry("ask"), () => false)).toEqual([]);
    expect(restoredCalls(waiting, registry("ask", "gone"), () => false)).toEqual(["c1", "c2", "c3"]);
    expect(restoredCalls(waiting, registry("ask", "gone"), (id) => id === "c3")).toEqual(["c1", "c2"]);
  });
});

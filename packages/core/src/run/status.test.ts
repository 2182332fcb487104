import type { Message } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import { createThreadState } from "../reducer/reduceEvents.js";
import { ToolRegistry } from "../tools/registry.js";
import { markPendingCalls, statusOf } from "./status.js";

describe("status", () => {
  it("puts a failure first, then a person being asked, then work under way", () => {
    expect(statusOf({ failed: true, waiting: true, working: true })).toBe("error");
    expect(statusOf({ waiting: true, working: true })).toBe("awaiting-input");
    expect(statusOf({ waiting: false, working: true })).toBe("running");
    expect(statusOf({ waiting: false, working: false })).toBe("idle");
  });

  it("marks a run's pending calls by their tool: handlers execute, others wait, the agent's own are complete", () => {
    const tools = new ToolRegistry();
    tools.register({ name: "auto", handler: () => 1 });
    tools.register({ name: "ask" });
    const call = (id: string, name: string) => ({ id, type: "function" as const, function: { name, arguments: "{}" } });
    const messages: Message[] = [
      { id: "m", role: "assistant", toolCalls: [call("a", "auto"), call("b", "ask"), call("c", "server_side")] },
    ];
    const s = createThreadState({ threadId: "t", messages, toolCallStatus: { a: "executing", b: "executing", c: "executing" } });
    const marked = markPendingCalls(s, ["a", "b", "c"], tools);
    expect(marked.toolCallStatus).toEqual({ a: "executing", b: "awaiting-input", c: "complete" });
    expect(marked.status).toBe("awaiting-input");
    expect(markPendingCalls(s, ["a", "c"], tools).status).toBe("running");
    expect(markPendingCalls(s, ["c"], tools).status).toBe("idle");
  });
});

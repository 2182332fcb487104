import { describe, expect, it } from "vitest";
import { run, textMessage, tokens, toolCall } from "./steps.js";
import { input } from "./test/http.js";

describe("step helpers", () => {
  it("textMessage streams word-sized tokens that keep their whitespace, paced when asked", () => {
    expect(tokens("Hello  big\nworld ")).toEqual(["Hello  ", "big\n", "world "]);
    const steps = textMessage("a b c", { messageId: "m", tokenDelayMs: 10 });
    expect(steps).toEqual([
      { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "a " },
      { delay: 10 },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "b " },
      { delay: 10 },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "c" },
      { type: "TEXT_MESSAGE_END", messageId: "m" },
    ]);
  });

  it("toolCall splits the JSON arguments into the pieces asked for", () => {
    const steps = toolCall("f", { text: "hello world" }, { toolCallId: "c", parentMessageId: "p", chunks: 4 });
    expect(steps[0]).toEqual({ type: "TOOL_CALL_START", toolCallId: "c", toolCallName: "f", parentMessageId: "p" });
    const args = steps.filter((s) => "type" in s && s.type === "TOOL_CALL_ARGS") as unknown as Array<{ delta: string }>;
    expect(args).toHaveLength(4);
    expect(args.map((a) => a.delta).join("")).toBe('{"text":"hello world"}');
    expect(steps.at(-1)).toEqual({ type: "TOOL_CALL_END", toolCallId: "c" });
  });

  it("run wraps steps in RUN_STARTED and RUN_FINISHED for the request, with an outcome or result", () => {
    const steps = run(input({ threadId: "th", runId: "ru" }), [{ delay: 1 }], { outcome: { type: "success" }, result: 42 });
    expect(steps).toEqual([
      { type: "RUN_STARTED", threadId: "th", runId: "ru", protocolVersion: "1.0" },
      { delay: 1 },
      { type: "RUN_FINISHED", threadId: "th", runId: "ru", outcome: { type: "success" }, result: 42 },
    ]);
  });
});

import type { RunAgentInput } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import { fixReasoningRole } from "./agentRuntime.js";
import { agentScopeMapper, audioFormat, toAgentScopeMessages } from "./agentScope.js";
import { agKitMapper } from "./agKit.js";
import type { FrameMapper } from "./jsonStream.js";

const input = { threadId: "t", runId: "r", messages: [], tools: [], context: [], state: {}, forwardedProps: {} } as RunAgentInput;
type Event = { type: string; [key: string]: unknown };
const play = (mapper: FrameMapper, frames: unknown[]) =>
  [...mapper.start(), ...frames.flatMap((f) => mapper.frame(f)), ...mapper.end()] as Event[];
const types = (events: Array<{ type: string }>) => events.map((e) => e.type);

describe("agKitMapper", () => {
  it("opens one text message for consecutive text frames and closes it before a tool call", () => {
    const events = play(agKitMapper(input), [
      { type: "text", content: "Let me " },
      { type: "text", content: "check." },
      { type: "tool-call-start", toolCallId: "c", toolCallName: "get_weather" },
      { type: "tool-call-args", toolCallId: "c", delta: '{"city":"London"}' },
      { type: "tool-call-end", toolCallId: "c" },
      { type: "tool-result", toolCallId: "c", result: "Sunny" },
      { type: "text", content: "It is sunny." },
    ]);
    expect(types(events)).toEqual([
      "RUN_STARTED",
      "TEXT_MESSAGE_START",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_END",
      "TOOL_CALL_START",
      "TOOL_CALL_ARGS",
      "TOOL_CALL_END",
      "TOOL_CALL_RESULT",
      "TEXT_MESSAGE_START",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_END",
      "RUN_FINISHED",
    ]);
    const start = events.find((e) => e.type === "TOOL_CALL_START")!;
    expect(start.parentMessageId).toBe(events[1]!.messageId);
    expect(events.find((e) => e.type === "TOOL_CALL_RESULT")).toMatchObject({ toolCallId: "c", content: "Sunny" });
  });

  it("ends the run with an interrupt outcome carrying the payload", () => {
    const events = play(agKitMapper(input), [
      { type: "interrupt", id: "i1", reason: "confirm", payload: { message: "Sure?", styles: ["dark"] } },
    ]);
    expect(events.at(-1)).toMatchObject({
      type: "RUN_FINISHED",
      outcome: {
        type: "interrupt",
        interrupts: [{ id: "i1", reason: "confirm", message: "Sure?", metadata: { payload: { message: "Sure?", styles: ["dark"] } } }],
      },
    });
  });

  it("skips unknown frames and turns an error frame into RUN_ERROR without RUN_FINISHED", () => {
    const events = play(agKitMapper(input), [{ type: "mystery" }, { type: "text", content: "so far" }, { type: "error", error: "boom" }]);
    expect(types(events)).toEqual(["RUN_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "RUN_ERROR"]);
  });
});

describe("agentScopeMapper", () => {
  it("appends text deltas once and does not append the final full copy again", () => {
    const events = play(agentScopeMapper(input), [
      { object: "response", id: "r", status: "created" },
      { object: "message", id: "m", type: "message", role: "assistant", status: "created" },
      { object: "content", type: "text", index: 0, delta: true, text: "Hello", msg_id: "m" },
      { object: "content", type: "text", index: 0, delta: true, text: ", world", msg_id: "m" },
      { object: "content", type: "text", index: 0, delta: false, text: "Hello, world!", msg_id: "m", status: "completed" },
      { object: "message", id: "m", status: "completed", content: [{ type: "text", text: "Hello, world!" }] },
      { object: "response", id: "r", status: "completed" },
    ]);
    const text = events.filter((e) => e.type === "TEXT_MESSAGE_CONTENT").map((e) => e.delta);
    expect(text.join("")).toBe("Hello, world!");
    expect(types(events).filter((t) => t === "TEXT_MESSAGE_END")).toHaveLength(1);
  });

  it("turns cumulative function_call arguments into deltas", () => {
    const events = play(agentScopeMapper(input), [
      { object: "message", id: "m", type: "function_call", role: "assistant", status: "created" },
      { object: "content", type: "data", delta: true, data: { call_id: "c", name: "pick", arguments: '{"a":' }, msg_id: "m" },
      { object: "content", type: "data", delta: true, data: { call_id: "c", name: "pick", arguments: '{"a":1}' }, msg_id: "m" },
      {
        object: "message",
        id: "m",
        type: "function_call",
        status: "completed",
        content: [{ type: "data", data: { call_id: "c", name: "pick", arguments: '{"a":1}' } }],
      },
      { object: "response", id: "r", status: "completed" },
    ]);
    expect(events.filter((e) => e.type === "TOOL_CALL_ARGS").map((e) => e.delta)).toEqual(['{"a":', "1}"]);
    expect(types(events)).toEqual(["RUN_STARTED", "TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_ARGS", "TOOL_CALL_END", "RUN_FINISHED"]);
  });

  it("finishes the run where the response completes, closing what it left open, and reads nothing after", () => {
    const events = play(agentScopeMapper(input), [
      { object: "content", type: "text", delta: true, text: "Hello", msg_id: "m" },
      { object: "response", id: "r", status: "completed" },
      { object: "content", type: "text", delta: true, text: " again", msg_id: "m" },
    ]);
    expect(types(events)).toEqual(["RUN_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "RUN_FINISHED"]);
  });

  it("makes up no RUN_FINISHED for a stream cut before its response ended (AG-UI 1.x: a truncated run has no outcome)", () => {
    const events = play(agentScopeMapper(input), [
      { object: "response", id: "r", status: "in_progress" },
      { object: "content", type: "text", delta: true, text: "Half a repl", msg_id: "m" },
    ]);
    expect(types(events)).toEqual(["RUN_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT"]);
  });

  it("maps plugin and MCP calls with their outputs to backend tool calls with results", () => {
    const events = play(agentScopeMapper(input), [
      {
        object: "message",
        id: "p",
        type: "mcp_call",
        status: "completed",
        content: [{ type: "data", data: { call_id: "c", name: "search", arguments: "{}" } }],
      },
      {
        object: "message",
        id: "o",
        type: "mcp_call_output",
        status: "completed",
        content: [{ type: "data", data: { call_id: "c", output: { hits: 3 } } }],
      },
    ]);
    expect(events.find((e) => e.type === "TOOL_CALL_RESULT")).toMatchObject({ toolCallId: "c", content: '{"hits":3}' });
  });

  it("maps reasoning messages, images and data content", () => {
    const events = play(agentScopeMapper(input), [
      { object: "message", id: "think", type: "reasoning", status: "created" },
      { object: "content", type: "text", delta: true, text: "hmm", msg_id: "think" },
      { object: "message", id: "think", type: "reasoning", status: "completed" },
      {
        object: "message",
        id: "m",
        type: "message",
        status: "completed",
        content: [
          { type: "image", image_url: "https://x/cat.png" },
          { type: "data", index: 1, data: { rows: 2 } },
        ],
      },
    ]);
    expect(types(events).slice(0, 6)).toEqual([
      "RUN_STARTED",
      "REASONING_START",
      "REASONING_MESSAGE_START",
      "REASONING_MESSAGE_CONTENT",
      "REASONING_MESSAGE_END",
      "REASONING_END",
    ]);
    expect(events.find((e) => e.type === "TEXT_MESSAGE_CONTENT")).toMatchObject({ delta: "![image](https://x/cat.png)" });
    expect(events.find((e) => e.type === "ACTIVITY_SNAPSHOT")).toMatchObject({ activityType: "data", content: { rows: 2 } });
  });
});

describe("toAgentScopeMessages with attachments", () => {
  const named = (filename: string) => ({ metadata: { filename } });
  const content = (parts: unknown[]) => toAgentScopeMessages({ id: "u", role: "user", content: parts } as never)[0]!.content;

  it("maps each kind and source to the content AgentScope has for it", () => {
    expect(
      content([
        { type: "text", text: "see" },
        { type: "image", source: { type: "data", value: "AAAA", mimeType: "image/webp" }, ...named("a.webp") },
        { type: "image", source: { type: "url", value: "https://x/cat.png" } },
        { type: "image", source: { type: "file", value: "file-img", provider: "openai" }, ...named("held.png") },
        { type: "audio", source: { type: "data", value: "BBBB", mimeType: "audio/mpeg" } },
        { type: "audio", source: { type: "url", value: "https://x/talk.ogg", mimeType: "audio/ogg" }, ...named("talk.ogg") },
        { type: "document", source: { type: "data", value: "CCCC", mimeType: "text/markdown" }, ...named("notes.md") },
        { type: "document", source: { type: "url", value: "https://x/paper.pdf" } },
        { type: "document", source: { type: "file", value: "file-doc" } },
        { type: "tool-output", value: 1 },
      ]),
    ).toEqual([
      { type: "text", text: "see" },
      { type: "image", image_url: "data:image/webp;base64,AAAA" },
      { type: "image", image_url: "https://x/cat.png" },
      // ImageContent takes URLs only; a provider's handle goes as FileContent's file_id.
      { type: "file", file_id: "file-img", filename: "held.png" },
      { type: "audio", data: "BBBB", format: "mp3" },
      // AudioContent carries bytes only; audio at a URL goes as FileContent's file_url.
      { type: "file", file_url: "https://x/talk.ogg", filename: "talk.ogg" },
      { type: "file", file_data: "data:text/markdown;base64,CCCC", filename: "notes.md" },
      { type: "file", file_url: "https://x/paper.pdf" },
      { type: "file", file_id: "file-doc" },
      { type: "data", data: { type: "tool-output", value: 1 } },
    ]);
  });

  it("names audio formats as AgentScope does", () => {
    expect(
      ["audio/mpeg", "audio/mp3", "audio/wav", "audio/x-wav", "audio/wave", "audio/ogg; codecs=opus", "audio/webm", undefined].map(
        audioFormat,
      ),
    ).toEqual(["mp3", "mp3", "wav", "wav", "wav", "ogg", "webm", undefined]);
  });
});

describe("fixReasoningRole", () => {
  it("rewrites the runtime's assistant role on reasoning starts and leaves other events alone", () => {
    expect(fixReasoningRole({ type: "REASONING_MESSAGE_START", messageId: "r", role: "assistant" } as never)).toMatchObject({
      role: "reasoning",
    });
    const other = { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" } as never;
    expect(fixReasoningRole(other)).toBe(other);
  });
});

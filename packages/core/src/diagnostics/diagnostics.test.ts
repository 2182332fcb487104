import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { recordThread } from "../recording/recordThread.js";
import { AgentClient } from "../run/agentClient.js";
import type { AgentClientOptions } from "../run/clientOptions.js";
import { sync } from "../test/scripts.js";
import type { Transport } from "../transport/types.js";
import { DIAGNOSTIC_FRAME_CHARACTERS } from "./frameText.js";
import { loadDiagnosticsRecorder } from "./lazyRecorder.js";
import { DIAGNOSTIC_RULES } from "./rules.js";
import type { Diagnostic, DiagnosticRuleId } from "./types.js";

type Frame = Record<string, unknown>;

// The official pipeline and the reducer warn about each of these frames; the entries are what is checked.
beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

const started = (input: RunAgentInput): Frame => ({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId });
const finished = (input: RunAgentInput, more: Frame = {}): Frame => ({
  type: "RUN_FINISHED",
  threadId: input.threadId,
  runId: input.runId,
  ...more,
});
const say = (messageId: string, text: string): Frame[] => [
  { type: "TEXT_MESSAGE_START", messageId, role: "assistant" },
  { type: "TEXT_MESSAGE_CONTENT", messageId, delta: text },
  { type: "TEXT_MESSAGE_END", messageId },
];

const options = { diagnostics: 50, schedule: sync, threadId: "t", network: false } as const;

/** A transport whose runs stream `frames(input)`. */
const streaming = (frames: (input: RunAgentInput) => Frame[]): Transport => ({
  async *run(input) {
    for (const frame of frames(input)) yield frame as unknown as BaseEvent;
  },
});

/** A run with one event type AG-UI does not define between its start and its end. */
const unknownEvent = (input: RunAgentInput) => [started(input), { type: "NOT_AN_EVENT" }, finished(input)];

/** The diagnostics of one run of a client (with `diagnostics` on) whose transport streams `frames`, through the real pipeline and store. */
async function diagnosed(frames: (input: RunAgentInput) => Frame[]): Promise<Diagnostic[]> {
  const client = new AgentClient({ transport: streaming(frames), ...options });
  await client.sendMessage("hi");
  return client.diagnostics.entries();
}

/** An SSE response of these `data:` frames (with `id:` lines where given). */
function sse(...frames: Array<Frame | string | { id: string; event: Frame }>): Response {
  const text = frames
    .map((f) =>
      typeof f === "string"
        ? `data: ${f}\n\n`
        : "id" in f && "event" in f
          ? `id: ${f.id}\ndata: ${JSON.stringify(f.event)}\n\n`
          : `data: ${JSON.stringify(f)}\n\n`,
    )
    .join("");
  return new Response(text, { headers: { "content-type": "text/event-stream" } });
}

/** The diagnostics of one run of an HTTP dialect whose server answers request `n` (0-based) with `answer(n, input)`. */
async function answered(
  answer: (n: number, input: RunAgentInput) => Response | Promise<Response>,
  dialect: Partial<AgentClientOptions> = {},
): Promise<{ client: AgentClient; entries: Diagnostic[] }> {
  let n = 0;
  const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => answer(n++, JSON.parse(String(init?.body ?? "{}")));
  const client = new AgentClient({
    url: "http://agent.test/run",
    fetch,
    reconnect: { delayMs: 1, maxDelayMs: 2, tries: 2 },
    ...options,
    ...dialect,
  } as AgentClientOptions);
  await client.sendMessage("hi");
  return { client, entries: client.diagnostics.entries() };
}

const rules = (entries: Diagnostic[]) => entries.map((d) => d.rule);

/** The one entry of `entries`, checked against its rule in the table. */
function only(entries: Diagnostic[], rule: DiagnosticRuleId): Diagnostic {
  expect(rules(entries)).toEqual([rule]);
  const entry = entries[0]!;
  const { action, link, summary } = DIAGNOSTIC_RULES[rule];
  expect(entry).toMatchObject({ rule, action, link, summary, threadId: "t" });
  expect(entry.runId).toEqual(expect.any(String));
  expect(entry.instead.length).toBeGreaterThan(0);
  return entry;
}

describe("client.diagnostics", () => {
  // First in this file: no client before it turned diagnostics on.
  it("is off by default: nothing kept, and the recorder's code never loaded", async () => {
    const client = new AgentClient({ transport: streaming(unknownEvent), schedule: sync });
    await client.sendMessage("hi");
    expect(client.diagnostics.capacity).toBe(0);
    expect(client.diagnostics.entries()).toEqual([]);
    expect(loadDiagnosticsRecorder.loaded()).toBeUndefined();
  });

  it("refuses a size that is not a whole number ≥ 0, naming the option", () => {
    expect(() => new AgentClient({ url: "http://agent.test", diagnostics: -1 })).toThrow("diagnostics must be a whole number ≥ 0, got -1");
  });

  it("is bounded: past its size the oldest entries go", async () => {
    const unknown = (input: RunAgentInput) => [started(input), ...[0, 1, 2, 3, 4].map((i) => ({ type: `UNKNOWN_${i}` })), finished(input)];
    const client = new AgentClient({ transport: streaming(unknown), ...options, diagnostics: 3 });
    await client.sendMessage("hi");
    expect(client.diagnostics.entries().map((d) => JSON.parse(d.frame).type)).toEqual(["UNKNOWN_2", "UNKNOWN_3", "UNKNOWN_4"]);
    expect(client.diagnostics.dropped).toBe(2);
  });

  it("cuts a frame's text after DIAGNOSTIC_FRAME_CHARACTERS, saying how much went", async () => {
    const entry = only(
      await diagnosed((i) => [started(i), { type: "NOT_AN_EVENT", payload: "x".repeat(5_000) }, finished(i)]),
      "event.unknown-type",
    );
    expect(entry.frame.length).toBeLessThan(DIAGNOSTIC_FRAME_CHARACTERS + 40);
    expect(entry.frame).toMatch(/… \(\d+ more characters\)$/);
  });

  it("is in the recording a recorder exports, however late it started", async () => {
    const client = new AgentClient({ transport: streaming(unknownEvent), ...options, eventLog: 100 });
    await client.sendMessage("hi");
    const recording = recordThread(client).recording();
    expect(recording.diagnostics?.map((d) => d.rule)).toEqual(["event.unknown-type"]);
    expect(recording.diagnostics?.[0]?.runId).toBe(recording.runs[0]?.input.runId);
  });
});

describe("each rule, recorded with its frame and what the kit did instead", () => {
  it("event.unknown-type: an event type AG-UI 1.0 does not define is dropped, the run goes on", async () => {
    const entry = only(
      await diagnosed((i) => [started(i), { type: "NOT_AN_EVENT", n: 1 }, ...say("m", "ok"), finished(i)]),
      "event.unknown-type",
    );
    expect(JSON.parse(entry.frame)).toEqual({ type: "NOT_AN_EVENT", n: 1 });
    expect(entry.action).toBe("stripped");
  });

  it("event.unknown-field: fields AG-UI 1.0 does not describe are stripped, naming their paths", async () => {
    const entry = only(
      await diagnosed((i) => [
        started(i),
        { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant", color: "red" },
        ...say("m", "x").slice(1),
        finished(i),
      ]),
      "event.unknown-field",
    );
    expect(entry.detail).toBe("/color");
    expect(JSON.parse(entry.frame)).toMatchObject({ color: "red" });
  });

  it("event.legacy-shape: a pre-1.0 shape is converted (RUN_FINISHED with result: null)", async () => {
    const entry = only(await diagnosed((i) => [started(i), ...say("m", "x"), finished(i, { result: null })]), "event.legacy-shape");
    expect(entry.action).toBe("repaired");
    expect(JSON.parse(entry.frame)).toMatchObject({ type: "RUN_FINISHED", result: null });
  });

  it("event.schema: a malformed known field refuses the event and ends the run, reported once", async () => {
    const entry = only(await diagnosed((i) => [started(i), { type: "TEXT_MESSAGE_START", messageId: 5 }, finished(i)]), "event.schema");
    expect(JSON.parse(entry.frame)).toEqual({ type: "TEXT_MESSAGE_START", messageId: 5 });
    expect(entry.detail).toContain("messageId");
  });

  it("event.chunk: a first chunk without its id is refused", async () => {
    only(await diagnosed((i) => [started(i), { type: "TEXT_MESSAGE_CHUNK", delta: "x" }, finished(i)]), "event.chunk");
  });

  it("event.order: content before its message started is refused", async () => {
    const entry = only(
      await diagnosed((i) => [started(i), { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "x" }, finished(i)]),
      "event.order",
    );
    expect(JSON.parse(entry.frame)).toMatchObject({ type: "TEXT_MESSAGE_CONTENT" });
  });

  it("interrupt.on-interrupt: LangGraph's CUSTOM on_interrupt becomes RUN_FINISHED's outcome", async () => {
    const entry = only(
      await diagnosed((i) => [started(i), { type: "CUSTOM", name: "on_interrupt", value: "Proceed?" }, finished(i)]),
      "interrupt.on-interrupt",
    );
    expect(JSON.parse(entry.frame)).toMatchObject({ type: "RUN_FINISHED" });
  });

  it("patch.forbidden-path and patch.failed: a refused STATE_DELTA keeps the state", async () => {
    const entries = await diagnosed((i) => [
      started(i),
      { type: "STATE_SNAPSHOT", snapshot: { a: 1 } },
      { type: "STATE_DELTA", delta: [{ op: "add", path: "/__proto__/polluted", value: 1 }] },
      { type: "STATE_DELTA", delta: [{ op: "remove", path: "/missing" }] },
      finished(i),
    ]);
    expect(rules(entries)).toEqual(["patch.forbidden-path", "patch.failed"]);
    expect(entries[0]!.detail).toContain("refused path");
    expect(entries.every((d) => d.action === "refused")).toBe(true);
  });

  it("activity.unknown-target: an ACTIVITY_DELTA for no activity message is refused", async () => {
    only(
      await diagnosed((i) => [started(i), { type: "ACTIVITY_DELTA", messageId: "nope", activityType: "x", patch: [] }, finished(i)]),
      "activity.unknown-target",
    );
  });

  it("message.unknown-target: text into an activity message is refused", async () => {
    only(
      await diagnosed((i) => [
        started(i),
        { type: "ACTIVITY_SNAPSHOT", messageId: "a", activityType: "x", content: {} },
        { type: "TEXT_MESSAGE_START", messageId: "a", role: "assistant" },
        { type: "TEXT_MESSAGE_END", messageId: "a" },
        finished(i),
      ]),
      "message.unknown-target",
    );
  });

  it("tool-call.unknown-target: the arguments and end of a call a snapshot took away are refused, one entry each", async () => {
    const entries = await diagnosed((i) => [
      started(i),
      { type: "TOOL_CALL_START", toolCallId: "c", toolCallName: "x" },
      { type: "MESSAGES_SNAPSHOT", messages: [] },
      { type: "TOOL_CALL_ARGS", toolCallId: "c", delta: "{}" },
      { type: "TOOL_CALL_END", toolCallId: "c" },
      finished(i),
    ]);
    expect(rules(entries)).toEqual(["tool-call.unknown-target", "tool-call.unknown-target"]);
    expect(entries.map((d) => JSON.parse(d.frame).type)).toEqual(["TOOL_CALL_ARGS", "TOOL_CALL_END"]);
  });

  it("tool-call.parent: a call whose parent is a user message gets an assistant message of its own", async () => {
    const entries = await diagnosed((i) => [
      started(i),
      { type: "TOOL_CALL_START", toolCallId: "c", toolCallName: "x", parentMessageId: i.messages[0]!.id },
      { type: "TOOL_CALL_END", toolCallId: "c" },
      finished(i),
    ]);
    expect(only(entries, "tool-call.parent").action).toBe("repaired");
  });

  it("predict-state.shape: a PredictState that is not a list of predictions is refused", async () => {
    only(
      await diagnosed((i) => [started(i), { type: "CUSTOM", name: "PredictState", value: "all of it" }, finished(i)]),
      "predict-state.shape",
    );
  });

  it("run.empty and run.truncated: a stream that says nothing, or stops before the run's end", async () => {
    only(await diagnosed(() => []), "run.empty");
    const entry = only(await diagnosed((i) => [started(i), ...say("m", "half")]), "run.truncated");
    expect(JSON.parse(entry.frame)).toMatchObject({ type: "TEXT_MESSAGE_END" });
  });

  it("frame.invalid: an SSE frame that is not JSON ends the run, with the frame", async () => {
    const { entries } = await answered((_, i) => sse(started(i), "not json at all"));
    expect(only(entries, "frame.invalid").frame).toContain("not json at all");
  });

  it("request.http: an HTTP error answer, with its status and body", async () => {
    const { entries } = await answered(() => new Response(JSON.stringify({ error: "no such agent" }), { status: 404 }));
    expect(JSON.parse(only(entries, "request.http").frame)).toEqual({ status: 404, body: { error: "no such agent" } });
  });

  it("request.network: a request that never reached the agent", async () => {
    const { entries } = await answered(() => Promise.reject(new TypeError("fetch failed")));
    expect(only(entries, "request.network").detail).toContain("fetch failed");
  });

  it("resume.dropped and resume.duplicate: a dropped stream resumed, the event read twice applied once", async () => {
    const { client, entries } = await answered((n, i) =>
      n === 0
        ? sse({ id: "1", event: started(i) }, { id: "2", event: say("m", "a")[0]! }, { id: "3", event: say("m", "a")[1]! })
        : sse({ id: "3", event: say("m", "a")[1]! }, { id: "4", event: say("m", "a")[2]! }, { id: "5", event: finished(i) }),
    );
    expect(rules(entries)).toEqual(["resume.dropped", "resume.duplicate"]);
    expect(JSON.parse(entries[0]!.frame)).toMatchObject({ lastEventId: "3" });
    expect(JSON.parse(entries[1]!.frame)).toMatchObject({ id: "3", event: { type: "TEXT_MESSAGE_CONTENT" } });
    expect(entries[1]!.action).toBe("deduplicated");
    expect(client.state.messages.at(-1)?.content).toBe("a");
  });

  it("resume.not-continued: a resume answered by a new run is not applied, reported once", async () => {
    const { entries } = await answered((n, i) =>
      n === 0 ? sse({ id: "1", event: started(i) }, { id: "2", event: say("m", "a")[0]! }) : sse({ id: "1", event: started(i) }),
    );
    expect(rules(entries)).toEqual(["resume.dropped", "resume.not-continued"]);
    expect(JSON.parse(entries[1]!.frame)).toMatchObject({ id: "1", event: { type: "RUN_STARTED" } });
  });

  it("resume.gave-up: reconnecting that never works", async () => {
    const { entries } = await answered((n, i) =>
      n === 0 ? sse({ id: "1", event: started(i) }) : Promise.reject(new TypeError("fetch failed")),
    );
    expect(rules(entries)).toEqual(["resume.dropped", "resume.dropped", "resume.gave-up"]);
  });

  it("frame.not-json: a JSON dialect's frame that is not JSON is skipped (AG-Kit), the run goes on", async () => {
    const { client, entries } = await answered(() => sse({ type: "text", content: "Hello" }, "{broken", "[DONE]"), {
      protocol: "ag-kit",
    } as Partial<AgentClientOptions>);
    expect(only(entries, "frame.not-json").frame).toBe("{broken");
    expect(client.state.error).toBeNull();
  });

  it("agent-runtime.reasoning-role: the runtime's reasoning role is repaired", async () => {
    const { entries } = await answered(
      (_, i) =>
        sse(
          started(i),
          { type: "REASONING_MESSAGE_START", messageId: "r", role: "assistant" },
          { type: "REASONING_MESSAGE_END", messageId: "r" },
          finished(i),
        ),
      { protocol: "agent-runtime" } as Partial<AgentClientOptions>,
    );
    expect(JSON.parse(only(entries, "agent-runtime.reasoning-role").frame)).toMatchObject({ role: "assistant" });
  });

  it("frame.unknown-protobuf: a protobuf event of a type this build does not know is skipped", async () => {
    const { encode } = await import("@ag-ui/proto");
    const framed = (message: Uint8Array) => {
      const out = new Uint8Array(4 + message.length);
      new DataView(out.buffer).setUint32(0, message.length, false);
      out.set(message, 4);
      return out;
    };
    // Field 99 (length-delimited, empty): an event type from a later version of the protocol.
    const future = new Uint8Array([0x9a, 0x06, 0x00]);
    const { entries } = await answered(
      (_, i) =>
        new Response(new Blob([framed(encode(started(i) as never)), framed(future), framed(encode(finished(i) as never))]), {
          headers: { "content-type": "application/vnd.ag-ui.event+proto" },
        }),
    );
    expect(only(entries, "frame.unknown-protobuf").frame).toBe("3 bytes: 9a 06 00");
  });
});

import { type BaseEvent, EventType, type RunAgentInput } from "@ag-ui/core";
import { type MockAgent, scenarios, startMockAgent } from "@tandem/mock-agent";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AgentClient } from "../run/agentClient.js";
import { HOSTILE_RUNS, hostileScript } from "../test/hostile.js";
import { sync } from "../test/scripts.js";
import type { Transport } from "../transport/types.js";
import type { Diagnostic } from "./types.js";

// The corpus: a clean run leaves no diagnostic; the hostile corpus and the fault mode leave one
// per frame refused or repaired (and per dropped stream), each with its rule.

let plain: MockAgent;
let hostile: MockAgent;
let dropping: MockAgent;
beforeAll(async () => {
  [plain, hostile, dropping] = await Promise.all([
    startMockAgent({ tokenDelayMs: 0 }),
    startMockAgent({ scenario: hostileScript, tokenDelayMs: 0 }),
    startMockAgent({ tokenDelayMs: 0, dropAfter: 12 }),
  ]);
});
afterAll(() => Promise.all([plain, hostile, dropping].map((agent) => agent?.close())));
beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

const client = (url: string) =>
  new AgentClient({ url, threadId: `t-${Math.random()}`, diagnostics: 1_000, schedule: sync, reconnect: { delayMs: 1, maxDelayMs: 5 } });

const FORBIDDEN = new Set(["__proto__", "constructor", "prototype"]);
const KNOWN = new Set<string>(Object.values(EventType));

/** What the corpus says of a frame, read from the frame alone: the rule it breaks, if any. */
function ruleBroken(frame: Record<string, unknown>): string | null {
  if (!KNOWN.has(String(frame.type))) return "event.unknown-type";
  const patch = (frame.type === "STATE_DELTA" ? frame.delta : frame.type === "ACTIVITY_DELTA" ? frame.patch : null) as Array<{
    path: string;
    from?: string;
  }> | null;
  const pollutes = patch?.some((op) => [op.path, op.from].some((p) => p?.split("/").some((segment) => FORBIDDEN.has(segment))));
  return pollutes ? "patch.forbidden-path" : null;
}

const summary = (entries: Diagnostic[]) => entries.map((d) => `${d.rule} ${JSON.parse(d.frame).type}`);

describe("diagnostics of the corpus", () => {
  it("a clean run of every playground scenario leaves none", async () => {
    for (const name of Object.keys(scenarios)) {
      const c = client(`${plain.baseUrl}/${name}`);
      await c.sendMessage("hello");
      expect({ name, error: c.state.error, entries: c.diagnostics.entries() }).toEqual({ name, error: null, entries: [] });
    }
  }, 60_000);

  it("property: any well-formed run leaves none", async () => {
    const text = fc
      .string({ maxLength: 8 })
      .map(
        (delta): Array<Record<string, unknown>> => [
          { type: "TEXT_MESSAGE_START", role: "assistant" },
          { type: "TEXT_MESSAGE_CONTENT", delta: delta || "x" },
          { type: "TEXT_MESSAGE_END" },
        ],
      );
    const chunk = fc.string({ minLength: 1, maxLength: 8 }).map((delta) => [{ type: "TEXT_MESSAGE_CHUNK", delta }]);
    const tool = fc
      .record({ city: fc.string({ maxLength: 6 }) })
      .map((args) => [
        { type: "TOOL_CALL_START", toolCallName: "get_weather" },
        { type: "TOOL_CALL_ARGS", delta: JSON.stringify(args) },
        { type: "TOOL_CALL_END" },
        { type: "TOOL_CALL_RESULT", content: "sunny" },
      ]);
    const state = fc.integer().map((n) => [
      { type: "STATE_SNAPSHOT", snapshot: { n } },
      { type: "STATE_DELTA", delta: [{ op: "replace", path: "/n", value: n + 1 }] },
    ]);
    const step = fc.constantFrom("plan", "act").map((stepName) => [
      { type: "STEP_STARTED", stepName },
      { type: "STEP_FINISHED", stepName },
    ]);
    const custom = fc.string({ maxLength: 6 }).map((value) => [{ type: "CUSTOM", name: "app.note", value }]);
    const segments = fc.array(fc.oneof(text, chunk, tool, state, step, custom), { maxLength: 8 });
    await fc.assert(
      fc.asyncProperty(segments, async (parts) => {
        let id = 0;
        const frames = (input: RunAgentInput) => [
          { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId },
          ...parts.flatMap((part) => {
            const n = ++id;
            return part.map((e) => ({
              ...e,
              ...(String(e.type).startsWith("TEXT") && { messageId: `m${n}` }),
              ...(String(e.type).startsWith("TOOL") && { toolCallId: `c${n}` }),
              ...(e.type === "TOOL_CALL_RESULT" && { messageId: `r${n}` }),
            }));
          }),
          { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId },
        ];
        const transport: Transport = {
          async *run(input) {
            for (const frame of frames(input)) yield frame as unknown as BaseEvent;
          },
        };
        const c = new AgentClient({ transport, diagnostics: 100, schedule: sync });
        await c.sendMessage("go");
        expect(c.state.error).toBeNull();
        expect(c.diagnostics.entries()).toEqual([]);
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it("the hostile corpus leaves one entry per frame refused or stripped, with its rule, and nothing for its clean runs", async () => {
    const c = client(hostile.url);
    for (const [name, steps] of Object.entries(HOSTILE_RUNS)) {
      const before = c.diagnostics.entries().length;
      await c.sendMessage(name);
      const expected = steps()
        .map((frame) => [ruleBroken(frame as Record<string, unknown>), (frame as { type: string }).type])
        .filter(([rule]) => rule !== null)
        .map(([rule, type]) => `${rule} ${type}`);
      expect({ name, entries: summary(c.diagnostics.entries().slice(before)) }).toEqual({ name, entries: expected });
    }
    // pollute: two STATE_DELTAs and an ACTIVITY_DELTA through __proto__ or constructor; unknown: one event type.
    expect(c.diagnostics.entries()).toHaveLength(4);
    expect(c.diagnostics.entries().every((d) => d.action === "refused" || d.action === "stripped")).toBe(true);
  }, 60_000);

  it("the fault mode (every response cut after a dozen events): one entry per drop, and the reply whole", async () => {
    const c = client(`${dropping.baseUrl}/agentic-chat`);
    await c.sendMessage("tell me a story");
    const resumes = dropping.requests.filter((r) => r.headers["last-event-id"]).length;
    expect(c.state.error).toBeNull();
    expect(resumes).toBeGreaterThan(2);
    expect(c.diagnostics.entries().map((d) => d.rule)).toEqual(Array(resumes).fill("resume.dropped"));
    expect(c.diagnostics.entries().every((d) => d.action === "unexpected-answer")).toBe(true);
  }, 60_000);
});

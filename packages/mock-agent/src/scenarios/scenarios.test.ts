import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockAgent } from "../server";
import { answer, calls, post, said, user } from "../test/http";
import type { MockAgent } from "../types";

let agent: MockAgent;
beforeAll(async () => {
  agent = await startMockAgent();
});
afterAll(() => agent.close());
const at = (name: string) => `${agent.baseUrl}/${name}`;

describe("scenarios", () => {
  it("agentic-chat counts down to ✓ inside one run", async () => {
    const events = await post(at("agentic-chat"), { messages: [user("count down from 10")] });
    expect(events[0]).toMatchObject({ type: "RUN_STARTED", threadId: "t", runId: "r" });
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED" });
    expect(said(events)).toBe("Counting down: 10 9 8 7 6 5 4 3 2 1 ✓");
    expect(events.filter((e) => e.type === "TEXT_MESSAGE_CONTENT").length).toBeGreaterThan(10);
  });

  it("agentic-chat calls change_background, then confirms once the result comes back", async () => {
    const first = await post(at("agentic-chat"), { threadId: "bg", messages: [user("make the background teal and navy")] });
    const [call] = calls(first);
    expect(call).toMatchObject({ name: "change_background", args: { background: "linear-gradient(135deg, teal, navy)" } });
    const second = await post(at("agentic-chat"), { threadId: "bg", messages: [user("make the background teal and navy"), ...answer(call!, "ok")] });
    expect(said(second)).toContain("linear-gradient(135deg, teal, navy)");
    expect(calls(second)).toEqual([]);
  });

  it("backend-tool-rendering calls get_weather and streams its result", async () => {
    const events = await post(at("backend-tool-rendering"), { messages: [user("What is the weather in Paris?")] });
    expect(calls(events)).toEqual([expect.objectContaining({ name: "get_weather", args: { location: "Paris" } })]);
    const result = events.find((e) => e.type === "TOOL_CALL_RESULT")!;
    expect(JSON.parse(result.content)).toMatchObject({ city: "Paris", temperature: expect.any(Number), conditions: expect.any(String) });
    expect(said(events)).toContain("Paris");
  });

  it("human-in-the-loop streams steps and answers with the accepted ones, or differently when rejected", async () => {
    const events = await post(at("human-in-the-loop"), { messages: [user("plan a picnic")] });
    const [call] = calls(events);
    expect(call!.name).toBe("generate_task_steps");
    expect(events.filter((e) => e.type === "TOOL_CALL_ARGS").length).toBeGreaterThan(5);
    const steps = call!.args.steps as Array<{ description: string; status: string }>;
    expect(steps.every((s) => s.status === "enabled")).toBe(true);
    const chosen = steps.map((s, i) => ({ ...s, status: i === 1 ? "disabled" : "enabled" }));
    const accepted = said(await post(at("human-in-the-loop"), { messages: [user("plan a picnic"), ...answer(call!, { accepted: true, steps: chosen })] }));
    expect(accepted).toContain(steps[0]!.description);
    expect(accepted).not.toContain(steps[1]!.description);
    const rejected = said(await post(at("human-in-the-loop"), { messages: [user("plan a picnic"), ...answer(call!, { accepted: false, steps: chosen })] }));
    expect(rejected).toMatch(/won't/);
  });

  it("interrupt pauses with a choice and resumes with the answer", async () => {
    const events = await post(at("interrupt"), { messages: [user("book a flight")] });
    const outcome = events.at(-1)!.outcome;
    expect(outcome.type).toBe("interrupt");
    const [pending] = outcome.interrupts;
    expect(pending).toMatchObject({ reason: "choose_option", message: expect.any(String) });
    const choice = pending.responseSchema.properties.choice.enum[1];
    const resolved = await post(at("interrupt"), { messages: [user("book a flight")], resume: [{ interruptId: pending.id, status: "resolved", payload: { choice } }] });
    expect(said(resolved)).toContain(choice);
    const cancelled = await post(at("interrupt"), { messages: [user("book a flight")], resume: [{ interruptId: pending.id, status: "cancelled" }] });
    expect(said(cancelled)).toMatch(/cancelled/);
  });

  it("agentic-generative-ui snapshots 10 steps and completes them one delta at a time", async () => {
    const events = await post(at("agentic-generative-ui"), { messages: [user("go")] });
    const snapshot = events.find((e) => e.type === "STATE_SNAPSHOT")!.snapshot;
    expect(snapshot.steps).toHaveLength(10);
    const deltas = events.filter((e) => e.type === "STATE_DELTA");
    expect(deltas.map((d) => d.delta[0].path)).toEqual(Array.from({ length: 10 }, (_, i) => `/steps/${i}/status`));
  });

  it("tool-based-generative-ui calls generate_haiku with the Dojo shape", async () => {
    const [call] = calls(await post(at("tool-based-generative-ui"), { messages: [user("a haiku please")] }));
    expect(call).toMatchObject({ name: "generate_haiku", args: { japanese: expect.any(Array), english: expect.any(Array), image_name: expect.any(String), gradient: expect.any(String) } });
  });

  it("shared-state keeps the user's edits and names what it found", async () => {
    const recipe = { title: "Soup", ingredients: [{ icon: "🥔", name: "Potatoes", amount: "4" }], instructions: [] };
    const events = await post(at("shared-state"), { state: { recipe }, messages: [user("improve it")] });
    const next = events.find((e) => e.type === "STATE_SNAPSHOT")!.snapshot.recipe;
    expect(next.title).toBe("Soup");
    expect(next.ingredients.map((i: { name: string }) => i.name)).toEqual(["Potatoes", "Salt"]);
    expect(said(events)).toContain("Potatoes");
  });

  it("predictive-state-updates predicts the document, asks to confirm, and keeps or discards it", async () => {
    const events = await post(at("predictive-state-updates"), { messages: [user("write a poem about rain")] });
    expect(events.find((e) => e.type === "CUSTOM")).toMatchObject({ name: "PredictState", value: [{ state_key: "document", tool: "write_document", tool_argument: "document" }] });
    const [write, confirm] = calls(events);
    expect(write!.name).toBe("write_document");
    expect(write!.args.document).toContain("rain");
    expect(confirm!.name).toBe("confirm_changes");
    const history = [user("write a poem about rain"), ...answer(write!, "written"), ...answer(confirm!, { approved: true })];
    const kept = await post(at("predictive-state-updates"), { messages: history });
    expect(kept.find((e) => e.type === "STATE_SNAPSHOT")!.snapshot.document).toBe(write!.args.document);
    const discarded = await post(at("predictive-state-updates"), { messages: [...history.slice(0, -1), answer(confirm!, { approved: false })[1]!] });
    expect(said(discarded)).toMatch(/discarded/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockAgent } from "../server.js";
import { answer, calls, type Event, post, said, user } from "../test/http.js";
import type { MockAgent } from "../types.js";

let agent: MockAgent;
beforeAll(async () => {
  agent = await startMockAgent();
});
afterAll(() => agent.close());
const at = (name: string) => `${agent.baseUrl}/${name}`;
const types = (events: Event[]) => events.map((e) => e.type);

describe("scenarios", () => {
  it("every scenario plays one well-formed run", async () => {
    for (const name of [
      "agentic-chat",
      "backend-tool-rendering",
      "human-in-the-loop",
      "interrupt",
      "agentic-generative-ui",
      "tool-based-generative-ui",
      "shared-state",
      "predictive-state-updates",
      "subagents",
      "feedback-dictation",
    ]) {
      const events = await post(at(name), { threadId: `well-formed-${name}`, runId: "r", messages: [user("hello")] });
      expect(events[0], name).toMatchObject({ type: "RUN_STARTED", threadId: `well-formed-${name}`, runId: "r", protocolVersion: "1.0" });
      expect(events.at(-1), name).toMatchObject({ type: "RUN_FINISHED", threadId: `well-formed-${name}`, runId: "r" });
      expect(
        events.every((e) => typeof e.timestamp === "number"),
        name,
      ).toBe(true);
    }
  });

  it("agentic-chat counts down to ✓ token by token", async () => {
    const events = await post(at("agentic-chat"), { messages: [user("count down from 10")] });
    expect(said(events)).toBe("Counting down: 10 9 8 7 6 5 4 3 2 1 ✓");
    expect(events.filter((e) => e.type === "TEXT_MESSAGE_CONTENT").length).toBeGreaterThan(10);
  });

  it("agentic-chat echoes anything else", async () => {
    expect(said(await post(at("agentic-chat"), { messages: [user("how are you?")] }))).toContain('"how are you?"');
  });

  it("agentic-chat calls change_background, then confirms once the result comes back", async () => {
    const first = await post(at("agentic-chat"), { threadId: "bg", messages: [user("make the background teal and navy")] });
    const [call] = calls(first);
    expect(call).toMatchObject({ name: "change_background", args: { background: "linear-gradient(135deg, teal, navy)" } });
    expect(types(first).at(-2)).toBe("TOOL_CALL_END");
    const second = await post(at("agentic-chat"), {
      threadId: "bg",
      messages: [user("make the background teal and navy"), ...answer(call!, "ok")],
    });
    expect(said(second)).toContain("linear-gradient(135deg, teal, navy)");
    expect(calls(second)).toEqual([]);
  });

  it("agentic-chat passes a CSS value from the message through, and defaults to a gradient", async () => {
    const [written] = calls(
      await post(at("agentic-chat"), { messages: [user("set the background to radial-gradient(circle, #fff, #f0f) please")] }),
    );
    expect(written!.args.background).toBe("radial-gradient(circle, #fff, #f0f)");
    const [plain] = calls(await post(at("agentic-chat"), { messages: [user("change the background")] }));
    expect(plain!.args.background).toMatch(/^linear-gradient\(/);
  });

  it("backend-tool-rendering calls get_weather, streams its result, then answers", async () => {
    const events = await post(at("backend-tool-rendering"), { messages: [user("What is the weather in Paris?")] });
    expect(types(events).slice(0, 2)).toEqual(["RUN_STARTED", "TOOL_CALL_START"]);
    const [call] = calls(events);
    expect(call).toMatchObject({ name: "get_weather", args: { location: "Paris" } });
    const result = events.find((e) => e.type === "TOOL_CALL_RESULT")!;
    expect(result.toolCallId).toBe(call!.id);
    expect(JSON.parse(result.content)).toEqual({
      city: "Paris",
      temperature: expect.any(Number),
      conditions: expect.any(String),
      humidity: expect.any(Number),
      wind_speed: expect.any(Number),
      feels_like: expect.any(Number),
    });
    expect(said(events)).toContain("Paris");
    expect(calls(await post(at("backend-tool-rendering"), { messages: [user("weather?")] }))[0]!.args).toEqual({ location: "Tokyo" });
  });

  it("human-in-the-loop streams steps one by one and answers with the accepted ones, or differently when rejected", async () => {
    const events = await post(at("human-in-the-loop"), { messages: [user("plan a picnic")] });
    const [call] = calls(events);
    expect(call!.name).toBe("generate_task_steps");
    const steps = call!.args.steps as Array<{ description: string; status: string }>;
    expect(steps.length).toBeGreaterThanOrEqual(5);
    expect(steps.every((s) => s.status === "enabled")).toBe(true);
    expect(call!.pieces).toHaveLength(steps.length + 2);
    expect(steps[0]!.description).toContain("plan a picnic");

    const chosen = steps.map((s, i) => ({ ...s, status: i === 1 ? "disabled" : "enabled" }));
    const accepted = said(
      await post(at("human-in-the-loop"), { messages: [user("plan a picnic"), ...answer(call!, { accepted: true, steps: chosen })] }),
    );
    expect(accepted).toContain(steps[0]!.description);
    expect(accepted).toContain(steps[2]!.description);
    expect(accepted).not.toContain(steps[1]!.description);
    const rejected = said(
      await post(at("human-in-the-loop"), { messages: [user("plan a picnic"), ...answer(call!, { accepted: false, steps: chosen })] }),
    );
    expect(rejected).toMatch(/^Understood, I won't do that/);
  });

  it("interrupt pauses with a choice and resumes with the answer, or hears it was cancelled", async () => {
    const events = await post(at("interrupt"), { messages: [user("book a flight")] });
    const outcome = events.at(-1)!.outcome;
    expect(outcome.type).toBe("interrupt");
    expect(outcome.interrupts).toHaveLength(1);
    const [pending] = outcome.interrupts;
    expect(pending).toMatchObject({
      id: expect.any(String),
      reason: "choose_option",
      message: expect.any(String),
      responseSchema: { type: "object" },
    });
    const choice = pending.responseSchema.properties.choice.enum[1];
    const resolved = await post(at("interrupt"), {
      messages: [user("book a flight")],
      resume: [{ interruptId: pending.id, status: "resolved", payload: { choice } }],
    });
    expect(said(resolved)).toContain(choice);
    expect(resolved.at(-1)!.outcome).toBeUndefined();
    const cancelled = await post(at("interrupt"), {
      messages: [user("book a flight")],
      resume: [{ interruptId: pending.id, status: "cancelled" }],
    });
    expect(said(cancelled)).toMatch(/cancelled/);
  });

  it("agentic-generative-ui snapshots 10 pending steps and completes them one delta at a time", async () => {
    const events = await post(at("agentic-generative-ui"), { messages: [user("go")] });
    const snapshot = events.find((e) => e.type === "STATE_SNAPSHOT")!.snapshot;
    expect(snapshot.steps).toHaveLength(10);
    expect(snapshot.steps.every((s: { description: string; status: string }) => s.description && s.status === "pending")).toBe(true);
    const deltas = events.filter((e) => e.type === "STATE_DELTA");
    expect(deltas.map((d) => d.delta)).toEqual(
      Array.from({ length: 10 }, (_, i) => [{ op: "replace", path: `/steps/${i}/status`, value: "completed" }]),
    );
    expect(said(events)).not.toBe("");
  });

  it("tool-based-generative-ui calls generate_haiku with the Dojo shape, then answers its result", async () => {
    const events = await post(at("tool-based-generative-ui"), { messages: [user("a haiku please")] });
    const [call] = calls(events);
    expect(call).toMatchObject({ name: "generate_haiku", args: { image_name: expect.any(String), gradient: expect.any(String) } });
    expect(call!.args.japanese).toHaveLength(3);
    expect(call!.args.english).toHaveLength(3);
    expect(said(events)).toBe("");
    const after = await post(at("tool-based-generative-ui"), { messages: [user("a haiku please"), ...answer(call!, "shown")] });
    expect(calls(after)).toEqual([]);
    expect(said(after)).toMatch(/haiku/);
  });

  it("shared-state keeps the user's edits, improves the recipe and names what it found", async () => {
    const recipe = {
      title: "Soup",
      skill_level: "Beginner",
      special_preferences: ["Vegan"],
      cooking_time: "15 min",
      ingredients: [{ icon: "🥔", name: "Potatoes", amount: "4" }],
      instructions: [],
    };
    const events = await post(at("shared-state"), { state: { recipe }, messages: [user("improve it")] });
    const next = events.find((e) => e.type === "STATE_SNAPSHOT")!.snapshot.recipe;
    expect(next).toMatchObject({ title: "Soup", skill_level: "Beginner", special_preferences: ["Vegan"], cooking_time: "15 min" });
    expect(next.ingredients.map((i: { name: string }) => i.name)).toEqual(["Potatoes", "Salt"]);
    expect(next.instructions.length).toBeGreaterThan(0);
    expect(said(events)).toContain("Potatoes");
  });

  it("shared-state starts a Dojo recipe when the client has none", async () => {
    const events = await post(at("shared-state"), { messages: [user("make me something")] });
    const recipe = events.find((e) => e.type === "STATE_SNAPSHOT")!.snapshot.recipe;
    expect(Object.keys(recipe).sort()).toEqual([
      "cooking_time",
      "ingredients",
      "instructions",
      "skill_level",
      "special_preferences",
      "title",
    ]);
    expect(recipe.ingredients[0]).toEqual({ icon: expect.any(String), name: expect.any(String), amount: expect.any(String) });
  });

  it("predictive-state-updates predicts the document from a tool not named after it, asks to confirm, and keeps or discards it", async () => {
    const events = await post(at("predictive-state-updates"), { state: { document: "old" }, messages: [user("write a poem about rain")] });
    expect(events[1]).toMatchObject({
      type: "CUSTOM",
      name: "PredictState",
      value: [{ state_key: "document", tool: "write_document_local", tool_argument: "content" }],
    });
    const [write, confirm] = calls(events);
    expect(write!.name).toBe("write_document_local");
    expect(write!.args.content).toContain("rain");
    expect(write!.pieces.length).toBeGreaterThan(20);
    expect(confirm).toMatchObject({ name: "confirm_changes", args: {} });
    expect(types(events).at(-2)).toBe("TOOL_CALL_END");

    const thread = [user("write a poem about rain"), ...answer(write!, "written")];
    const kept = await post(at("predictive-state-updates"), {
      state: { document: "old" },
      messages: [...thread, ...answer(confirm!, { approved: true })],
    });
    expect(kept.find((e) => e.type === "STATE_SNAPSHOT")!.snapshot.document).toBe(write!.args.content);
    expect(said(kept)).toMatch(/Saved/);
    const discarded = await post(at("predictive-state-updates"), {
      state: { document: "old" },
      messages: [...thread, ...answer(confirm!, { approved: false })],
    });
    expect(said(discarded)).toMatch(/discarded/);
    expect(discarded.some((e) => e.type === "STATE_SNAPSHOT")).toBe(false);
  });

  it("feedback-dictation replies to rate, and takes each rating as a CUSTOM event at POST /feedback (400 for anything else)", async () => {
    expect(said(await post(at("feedback-dictation"), { messages: [user("hello there")] }))).toContain("“hello there”");
    const rating = { type: "CUSTOM", name: "tandem.feedback", value: { threadId: "t", messageId: "m", rating: "up" } };
    const send = (body: unknown) =>
      fetch(`${agent.baseUrl}/feedback`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect((await send(rating)).status).toBe(204);
    expect(agent.requests.at(-1)).toMatchObject({ method: "POST", path: "/feedback", body: rating });
    const refused = await send({ rating: "up" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: expect.stringContaining("CUSTOM") });
  });
});

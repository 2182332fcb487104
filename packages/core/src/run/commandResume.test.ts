import { readFileSync } from "node:fs";
import type { BaseEvent, Message, MessagesSnapshotEvent, RunAgentInput } from "@ag-ui/core";
import { type MockAgent, startMockAgent } from "@tandem/mock-agent";
import { afterEach, describe, expect, it } from "vitest";
import { sync } from "../test/scripts.js";
// The validation pipeline (where on_interrupt is read) loads before the first test, not inside its time limit.
import "../test/warmPipeline.js";
import { CommandResume } from "../transport/langGraphInterrupts.js";
import { AgentClient } from "./agentClient.js";

// What @ag-ui/langgraph 0.0.43 sends with its default settings, recorded from a real LangGraph.js
// graph on LangGraph's API server (see the file's "about").
type Run = { forwardedProps: Record<string, unknown>; events: BaseEvent[] };
const recorded = JSON.parse(readFileSync(new URL("../test/langGraphInterrupt.recorded.json", import.meta.url), "utf8")) as Record<
  "name" | "seat",
  [Run, Run]
> & { newMessage: [Run, Run, Run] };

let agent: MockAgent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});

/** A server that replays a recorded scenario: the interrupted run, then (once resumed through the command) the resumed one. */
async function langGraph(scenario: "name" | "seat", forwardedProps?: Record<string, unknown>) {
  const [asked, resumed] = recorded[scenario];
  agent = await startMockAgent({ scenario: (input) => (input.forwardedProps?.command ? resumed.events : asked.events) });
  const client = new AgentClient({ url: agent.url, threadId: "t1", schedule: sync, ...(forwardedProps && { forwardedProps }) });
  const bodies = () => agent!.requests.map((r) => r.body as RunAgentInput);
  return { client, bodies };
}

/** The recorded events with the recorded user messages' ids replaced by the client's (matched by text). */
function withOwnIds(events: BaseEvent[], input: RunAgentInput): BaseEvent[] {
  const ids = new Map(input.messages.filter((m) => m.role === "user").map((m) => [m.content, m.id]));
  const own = (m: Message) => (m.role === "user" && ids.has(m.content) ? { ...m, id: ids.get(m.content)! } : m);
  return events.map(
    (e) => (e.type === "MESSAGES_SNAPSHOT" ? { ...e, messages: (e as MessagesSnapshotEvent).messages.map(own) } : e) as BaseEvent,
  );
}

const lastText = (client: AgentClient) => client.state.messages.at(-1)?.content;

describe("LangGraph's default interrupts (CUSTOM on_interrupt, then RUN_FINISHED without an outcome)", () => {
  it("asks the person the graph's question, and the answer resumes the graph as forwardedProps.command.resume", async () => {
    const { client, bodies } = await langGraph("name");
    await client.sendMessage("what is my name?");
    expect(client.state.status).toBe("awaiting-input");
    expect(client.state.interrupts).toEqual([expect.objectContaining({ message: "What is your name?" })]);
    const [interrupt] = client.state.interrupts;
    // LangGraph's own interrupt id, as the adapter passed it on.
    expect(interrupt!.id).toBe((recorded.name[0].events.find((e) => e.type === "CUSTOM") as { rawEvent: { id: string } }).rawEvent.id);

    await client.resolveInterrupt(interrupt!.id, "Ada");
    expect(lastText(client)).toBe("Nice to meet you, Ada.");
    expect(client.state.status).toBe("idle");
    expect(client.state.interrupts).toEqual([]);
    const resumedWith = bodies()[1]!;
    expect(resumedWith.forwardedProps).toEqual({ command: { resume: "Ada" } });
    // Not also as resume[]: the adapter would take that instead, and warn that both came.
    expect(resumedWith.resume).toBeUndefined();
  });

  it("draws a form from the value's responseSchema and sends the form's answer", async () => {
    const { client, bodies } = await langGraph("seat");
    await client.sendMessage("pick a seat for me");
    const [interrupt] = client.state.interrupts;
    expect(interrupt).toMatchObject({
      message: "Window or aisle?",
      responseSchema: { type: "object", properties: { seat: { enum: ["window", "aisle"] } }, required: ["seat"] },
      metadata: { langgraph: { raw: { message: "Window or aisle?" }, resumeVia: "forwardedProps.command.resume" } },
    });
    await client.resolveInterrupt(interrupt!.id, { seat: "aisle" });
    expect(bodies()[1]!.forwardedProps).toEqual({ command: { resume: { seat: "aisle" } } });
    expect(lastText(client)).toBe("You picked the aisle seat.");
  });

  it("keeps the app's forwardedProps beside the command, and sends a cancel as the adapter's cancelled marker", async () => {
    const { client, bodies } = await langGraph("seat", { tenant: "acme" });
    await client.sendMessage("pick a seat for me");
    const [interrupt] = client.state.interrupts;
    await client.cancelInterrupt(interrupt!.id);
    expect(bodies()[1]!.forwardedProps).toEqual({
      tenant: "acme",
      command: { resume: { __agui_cancelled__: true, interrupt_id: interrupt!.id } },
    });
    expect(bodies()[1]!.resume).toBeUndefined();
  });

  it("a thread stored with the question open is answered the same way after a reload", async () => {
    const first = await langGraph("name");
    await first.client.sendMessage("what is my name?");
    const stored = { ...first.client.state, toolCallStatus: {}, branches: {} };
    await agent!.close();
    const { client, bodies } = await langGraph("name");
    client.restore(JSON.parse(JSON.stringify(stored)));
    expect(client.state.status).toBe("awaiting-input");
    await client.resolveInterrupt(client.state.interrupts[0]!.id, "Ada");
    expect(bodies()[0]!.forwardedProps).toEqual({ command: { resume: "Ada" } });
    expect(lastText(client)).toBe("Nice to meet you, Ada.");
  });

  it("a resumed run that fails is retried with the same command", async () => {
    const [asked, resumed] = recorded.name;
    let failures = 1;
    agent = await startMockAgent({
      scenario: (input) =>
        !input.forwardedProps?.command ? asked.events : failures-- > 0 ? { status: 502, body: "Bad gateway" } : resumed.events,
    });
    const client = new AgentClient({ url: agent.url, threadId: "t1", schedule: sync });
    await client.sendMessage("what is my name?");
    await client.resolveInterrupt(client.state.interrupts[0]!.id, "Ada");
    expect(client.state.error).toMatchObject({ kind: "http", status: 502 });
    await client.retry();
    const [, failed, retried] = agent.requests.map((r) => r.body as RunAgentInput);
    expect(retried!.forwardedProps).toEqual(failed!.forwardedProps);
    expect(retried!.forwardedProps).toEqual({ command: { resume: "Ada" } });
    expect(lastText(client)).toBe("Nice to meet you, Ada.");
  });

  it("a new message instead of an answer resumes the graph as cancelled, then goes again in a run of its own: kept and answered", async () => {
    const [asked, cancelled, answered] = recorded.newMessage;
    agent = await startMockAgent({
      scenario: (input) =>
        input.forwardedProps?.command ? cancelled.events : input.messages.length > 1 ? withOwnIds(answered.events, input) : asked.events,
    });
    const client = new AgentClient({ url: agent.url, threadId: "t1", schedule: sync });
    await client.sendMessage("what is my name?");
    const [interrupt] = client.state.interrupts;
    await client.sendMessage("hello there");
    const [, resumed, again] = agent.requests.map((r) => r.body as RunAgentInput);
    expect(resumed!.forwardedProps).toEqual({ command: { resume: { __agui_cancelled__: true, interrupt_id: interrupt!.id } } });
    // LangGraph ignored the resumed run's input, and the adapter's snapshot left the message out: it is sent again.
    expect(again!.forwardedProps).toEqual({});
    expect(again!.messages.map((m) => m.content)).toEqual(["what is my name?", "You did not tell me your name.", "hello there"]);
    expect(client.state.messages.map((m) => m.content)).toEqual([
      "what is my name?",
      "You did not tell me your name.",
      "hello there",
      "You said: hello there.",
    ]);
    expect(client.state.status).toBe("idle");
    expect(client.state.interrupts).toEqual([]);
  });
});

describe("the answers' route", () => {
  it("several interrupts are answered in one command, as LangGraph's map of interrupt id to answer", () => {
    const fromLangGraph = { langgraph: { resumeVia: "forwardedProps.command.resume" } };
    const interrupts = [
      { id: "i1", reason: "langgraph:interrupt", metadata: fromLangGraph },
      { id: "i2", reason: "langgraph:interrupt", metadata: fromLangGraph },
      { id: "other", reason: "approve" },
    ];
    const route = new CommandResume();
    route.note(interrupts);
    const routed = route.route(
      [
        { interruptId: "i1", status: "resolved", payload: "yes" },
        { interruptId: "i2", status: "resolved" },
        { interruptId: "other", status: "resolved", payload: 1 },
      ],
      { command: { goto: "x" } },
    );
    expect(routed).toEqual({
      resume: [{ interruptId: "other", status: "resolved", payload: 1 }],
      forwardedProps: { command: { goto: "x", resume: { i1: "yes", i2: null } } },
    });
  });
});

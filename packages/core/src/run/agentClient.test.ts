import type { RunAgentInput } from "@ag-ui/core";
import {
  type MockAgent,
  run,
  runFinished,
  runStarted,
  type Script,
  startMockAgent,
  subagent,
  textMessage,
  toolCall,
  toolResults,
} from "@tandem/mock-agent";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { sync, until } from "../test/scripts.js";
import { AgentClient } from "./agentClient.js";

let agent: MockAgent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});

async function connect(script: Script, options: Partial<ConstructorParameters<typeof AgentClient>[0]> = {}) {
  agent = await startMockAgent({ scenario: script });
  const client = new AgentClient({ url: agent.url, threadId: "t1", schedule: sync, ...options });
  return { client, agent };
}

const bodies = (a: MockAgent) => a.requests.map((r) => r.body as RunAgentInput);

describe("AgentClient runs", () => {
  it("sends the user's message and streams the reply", async () => {
    const { client, agent } = await connect((input) => [
      runStarted(input),
      ...textMessage(["Hel", "lo ", "there"], { messageId: "a1" }),
      runFinished(input),
    ]);
    const states: string[] = [];
    client.store.subscribe((s) => states.push(s.status));
    await client.sendMessage("Hi");
    expect(client.state.messages.map((m) => [m.role, m.content])).toEqual([
      ["user", "Hi"],
      ["assistant", "Hello there"],
    ]);
    expect(client.state.status).toBe("idle");
    expect(states.filter((x, i) => x !== states[i - 1])).toEqual(["running", "idle"]);
    const [body] = bodies(agent);
    expect(body).toMatchObject({ threadId: "t1", messages: [{ role: "user", content: "Hi" }], protocolVersion: "1.0" });
  });

  it("sends a run's own forwardedProps with that run only, over the client's", async () => {
    const { client, agent } = await connect((input) => [runStarted(input), ...textMessage(["ok"]), runFinished(input)], {
      forwardedProps: { apiKey: "k" },
    });
    await client.runAgent({ forwardedProps: { a2uiAction: { userAction: { name: "book" } } } });
    await client.sendMessage("next");
    expect(bodies(agent).map((b) => b.forwardedProps)).toEqual([
      { apiKey: "k", a2uiAction: { userAction: { name: "book" } } },
      { apiKey: "k" },
    ]);
  });

  it("runs a frontend tool, sends its result and streams the follow-up answer", async () => {
    const { client, agent } = await connect((input) =>
      input.messages.at(-1)?.role === "tool"
        ? [
            runStarted(input),
            ...textMessage(["Background is now ", JSON.parse(toolResults(input)[0]!.content as string).color], { messageId: "a2" }),
            runFinished(input),
          ]
        : [
            runStarted(input),
            ...toolCall("change_background", { background: "teal" }, { toolCallId: "c1", parentMessageId: "m-c1", chunks: 2 }),
            runFinished(input),
          ],
    );
    const handler = vi.fn(async ({ background }: { background: string }) => ({ color: background }));
    client.registerTool({ name: "change_background", parameters: z.object({ background: z.string() }), handler });
    await client.sendMessage("make it teal");
    expect(handler).toHaveBeenCalledWith({ background: "teal" }, expect.objectContaining({ toolCallId: "c1" }));
    expect(client.state.messages.at(-1)).toMatchObject({ role: "assistant", content: "Background is now teal" });
    expect(client.state.toolCallStatus.c1).toBe("complete");
    const [first, second] = bodies(agent);
    expect(first!.tools).toEqual([
      expect.objectContaining({
        name: "change_background",
        parameters: expect.objectContaining({ type: "object", required: ["background"] }),
      }),
    ]);
    expect(toolResults(second!)).toEqual([expect.objectContaining({ toolCallId: "c1", content: '{"color":"teal"}' })]);
  });

  it("waits for a human-in-the-loop answer before the follow-up run", async () => {
    const { client, agent } = await connect((input) =>
      input.messages.at(-1)?.role === "tool"
        ? [runStarted(input), ...textMessage(["Thanks"], { messageId: "a2" }), runFinished(input)]
        : [
            runStarted(input),
            ...toolCall("confirm", { action: "delete" }, { toolCallId: "c1", parentMessageId: "m-c1", chunks: 2 }),
            runFinished(input),
          ],
    );
    client.registerTool({ name: "confirm", parameters: { type: "object", properties: { action: { type: "string" } } } });
    const done = client.sendMessage("delete it");
    await until(() => client.state.status === "awaiting-input");
    expect(client.state.toolCallStatus.c1).toBe("awaiting-input");
    expect(agent.requests).toHaveLength(1);
    client.respond("c1", { approved: true });
    await done;
    expect(agent.requests).toHaveLength(2);
    expect(toolResults(bodies(agent)[1]!)[0]).toMatchObject({ toolCallId: "c1", content: '{"approved":true}' });
    expect(client.state.status).toBe("idle");
  });

  it("resolves two parallel calls of the same tool separately, then follows up once", async () => {
    const { client, agent } = await connect((input) =>
      input.messages.at(-1)?.role === "tool"
        ? [
            runStarted(input),
            ...textMessage(
              [
                toolResults(input)
                  .map((m) => m.content)
                  .join("+"),
              ],
              { messageId: "a2" },
            ),
            runFinished(input),
          ]
        : [
            runStarted(input),
            ...toolCall("ask", { q: 1 }, { toolCallId: "c1", parentMessageId: "m", chunks: 2 }),
            ...toolCall("ask", { q: 2 }, { toolCallId: "c2", parentMessageId: "m", chunks: 2 }),
            runFinished(input),
          ],
    );
    client.registerTool({ name: "ask" });
    const done = client.sendMessage("two questions");
    await until(() => client.state.toolCallStatus.c2 === "awaiting-input");
    client.respond("c2", "B");
    await until(() => client.state.toolCallStatus.c2 === "complete");
    expect(client.state.status).toBe("awaiting-input");
    expect(client.state.toolCallStatus).toMatchObject({ c1: "awaiting-input", c2: "complete" });
    client.respond("c1", "A");
    await done;
    expect(agent.requests).toHaveLength(2);
    expect(client.state.messages.at(-1)).toMatchObject({ content: "A+B" });
  });

  it("asks again after a reload: a restored thread's unanswered call waits once its tool is registered", async () => {
    const { client, agent } = await connect(
      (input) => [runStarted(input), ...textMessage([`got ${toolResults(input)[0]?.content}`], { messageId: "a2" }), runFinished(input)],
      {
        initialMessages: [
          { id: "u1", role: "user", content: "delete a.txt" },
          {
            id: "m1",
            role: "assistant",
            toolCalls: [{ id: "c1", type: "function", function: { name: "confirm", arguments: '{"file":"a.txt"}' } }],
          },
        ],
      },
    );
    expect(client.state.status).toBe("idle");
    client.registerTool({ name: "confirm" });
    expect(client.state.status).toBe("awaiting-input");
    expect(client.state.toolCallStatus.c1).toBe("awaiting-input");
    client.respond("c1", "yes");
    await until(() => client.state.status === "idle" && agent.requests.length === 1);
    expect(client.state.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(client.state.messages.at(-1)).toMatchObject({ content: "got yes" });
  });

  it("closes a pending question as cancelled when the user sends a new message instead", async () => {
    const { client, agent } = await connect((input) =>
      input.messages.at(-1)?.role === "user" && input.messages.length > 1
        ? [runStarted(input), ...textMessage(["fine"], { messageId: "a2" }), runFinished(input)]
        : [runStarted(input), ...toolCall("confirm", {}, { toolCallId: "c1", parentMessageId: "m1" }), runFinished(input)],
    );
    client.registerTool({ name: "confirm" });
    void client.sendMessage("delete it");
    await until(() => client.state.status === "awaiting-input");
    await client.sendMessage("never mind, do something else");
    expect(agent.requests).toHaveLength(2);
    const second = bodies(agent)[1]!;
    expect(second.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "user"]);
    expect(toolResults(second)[0]).toMatchObject({ toolCallId: "c1", content: "Error: Cancelled by the user." });
    expect(client.state.toolCallStatus.c1).toBe("error");
  });

  it("sends no follow-up run for a tool with followUp: false", async () => {
    const { client, agent } = await connect((input) => [
      runStarted(input),
      ...toolCall("log", {}, { toolCallId: "c1", parentMessageId: "m-c1", chunks: 2 }),
      runFinished(input),
    ]);
    client.registerTool({ name: "log", followUp: false, handler: () => "ok" });
    await client.sendMessage("log it");
    expect(agent.requests).toHaveLength(1);
    expect(client.state.status).toBe("idle");
    expect(client.state.messages.at(-1)).toMatchObject({ role: "tool", content: "ok" });
  });

  it.each([
    ["arguments that are not JSON", '{"background": ', /not JSON/],
    ["arguments that do not match the schema", { background: 42 }, /background/],
  ])("gives the agent an error result for %s, without calling the handler", async (_label, args, pattern) => {
    const { client, agent } = await connect((input) =>
      input.messages.at(-1)?.role === "tool"
        ? [runStarted(input), ...textMessage(["Sorry, retrying"], { messageId: "a2" }), runFinished(input)]
        : [
            runStarted(input),
            ...toolCall("change_background", args, { toolCallId: "c1", parentMessageId: "m-c1", chunks: 2 }),
            runFinished(input),
          ],
    );
    const handler = vi.fn();
    client.registerTool({ name: "change_background", parameters: z.object({ background: z.string() }), handler });
    await client.sendMessage("go");
    expect(handler).not.toHaveBeenCalled();
    const result = toolResults(bodies(agent)[1]!)[0]!;
    expect(result.content).toMatch(/^Error: Invalid arguments for tool "change_background"/);
    expect(result.content).toMatch(pattern);
    expect(client.state.toolCallStatus.c1).toBe("error");
    expect(client.state.status).toBe("idle");
  });

  it("reports a throwing handler to the agent and marks the call failed", async () => {
    const { client, agent } = await connect((input) =>
      input.messages.at(-1)?.role === "tool"
        ? [runStarted(input), ...textMessage(["It failed"], { messageId: "a2" }), runFinished(input)]
        : [runStarted(input), ...toolCall("boom", {}, { toolCallId: "c1", parentMessageId: "m-c1", chunks: 2 }), runFinished(input)],
    );
    client.registerTool({
      name: "boom",
      handler: () => {
        throw new Error("disk full");
      },
    });
    await client.sendMessage("go");
    expect(toolResults(bodies(agent)[1]!)[0]).toMatchObject({
      content: 'Error: Tool "boom" failed: disk full',
      error: 'Tool "boom" failed: disk full',
    });
    expect(client.state.toolCallStatus.c1).toBe("error");
  });

  it("reports a failed tool as the thread's error when no follow-up run will answer it", async () => {
    const { client, agent } = await connect((input) => [
      runStarted(input),
      ...toolCall("log", {}, { toolCallId: "c1" }),
      runFinished(input),
    ]);
    client.registerTool({
      name: "log",
      followUp: false,
      handler: () => {
        throw new Error("disk full");
      },
    });
    await client.sendMessage("log it");
    expect(agent.requests).toHaveLength(1);
    expect(client.state.status).toBe("error");
    expect(client.state.error).toEqual({ kind: "tool", message: 'Tool "log" failed: disk full' });
    expect(client.state.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
  });

  it("serializes runs: a message sent mid-run goes out after the reply, with it", async () => {
    const { client, agent } = await connect(async function* (input) {
      yield runStarted(input);
      yield* textMessage(["reply"], { messageId: `a${input.messages.length}` });
      yield { delay: 30 };
      yield runFinished(input);
    });
    const first = client.sendMessage("one");
    await until(() => client.state.messages.length === 2);
    const second = client.sendMessage("two");
    await Promise.all([first, second]);
    expect(bodies(agent).map((b) => b.messages.map((m) => m.content))).toEqual([["one"], ["one", "reply", "two"]]);
  });

  it("sends the request before a render the message's publish schedules (React renders in a microtask)", async () => {
    const order: string[] = [];
    const { client } = await connect(
      (input) => [runStarted(input), ...textMessage(["ok"], { messageId: `a-${input.runId}` }), runFinished(input)],
      {
        fetch: (url: RequestInfo | URL, init?: RequestInit) => {
          order.push("request");
          return fetch(url, init);
        },
      },
    );
    await client.sendMessage("first"); // loads the transport and the validation pipeline
    client.store.subscribe(() => queueMicrotask(() => order.push("render")));
    order.length = 0;
    await client.sendMessage("second");
    expect(order[0]).toBe("request");
    expect(order).toContain("render");
  });

  it("sends messages typed before the run starts in one request", async () => {
    const { client, agent } = await connect((input) => [runStarted(input), ...textMessage(["ok"], { messageId: "a" }), runFinished(input)]);
    await Promise.all([client.sendMessage("one"), client.sendMessage("two")]);
    expect(bodies(agent).map((b) => b.messages.map((m) => m.content))).toEqual([["one", "two"]]);
  });

  it("sends state set by the app with the next run and follows the agent's snapshots and deltas", async () => {
    const { client, agent } = await connect(
      (input) => [
        runStarted(input),
        { type: "STATE_SNAPSHOT", snapshot: { count: (input.state as { count: number }).count + 1, items: [] } },
        { type: "STATE_DELTA", delta: [{ op: "add", path: "/items/-", value: "x" }] },
        runFinished(input),
      ],
      { initialState: { count: 0 } },
    );
    client.setState((s: unknown) => ({ ...(s as object), count: 10 }));
    await client.runAgent();
    expect(bodies(agent)[0]!.state).toEqual({ count: 10 });
    expect(client.state.state).toEqual({ count: 11, items: ["x"] });
  });

  it("resolves and cancels interrupts through resume", async () => {
    const { client, agent } = await connect((input) =>
      input.resume?.length
        ? [
            runStarted(input),
            ...textMessage([`resume:${input.resume.map((r) => `${r.interruptId}=${r.status}`).join(",")}`], { messageId: "a2" }),
            runFinished(input),
          ]
        : [
            runStarted(input),
            runFinished(input, {
              outcome: {
                type: "interrupt",
                interrupts: [
                  { id: "i1", reason: "approve" },
                  { id: "i2", reason: "pick" },
                ],
              },
            }),
          ],
    );
    await client.sendMessage("book it");
    expect(client.state.status).toBe("awaiting-input");
    expect(client.state.interrupts.map((i) => i.id)).toEqual(["i1", "i2"]);
    await client.resolveInterrupt("i1", { ok: true });
    expect(agent.requests).toHaveLength(1);
    await client.cancelInterrupt("i2");
    expect(bodies(agent)[1]!.resume).toEqual([
      { interruptId: "i1", status: "resolved", payload: { ok: true } },
      { interruptId: "i2", status: "cancelled" },
    ]);
    expect(client.state.messages.at(-1)).toMatchObject({ content: "resume:i1=resolved,i2=cancelled" });
    expect(client.state.status).toBe("idle");
  });

  it("tells the agent on the next run that interrupts left open by stop() were cancelled", async () => {
    const { client, agent } = await connect((input) =>
      input.messages.length === 1
        ? [runStarted(input), runFinished(input, { outcome: { type: "interrupt", interrupts: [{ id: "i1", reason: "approve" }] } })]
        : [runStarted(input), ...textMessage(["ok"], { messageId: "a" }), runFinished(input)],
    );
    await client.sendMessage("book it");
    expect(client.state.status).toBe("awaiting-input");
    client.stop();
    expect(client.state).toMatchObject({ status: "idle", interrupts: [] });
    await client.sendMessage("something else");
    expect(bodies(agent)[1]!.resume).toEqual([{ interruptId: "i1", status: "cancelled" }]);
  });

  it("resolves headers per request (a fresh bearer token each time)", async () => {
    let n = 0;
    const { client, agent } = await connect((input) => [runStarted(input), runFinished(input)], {
      headers: async () => ({ Authorization: `Bearer token-${++n}` }),
    });
    await client.runAgent();
    await client.runAgent();
    expect(agent.requests.map((r) => r.headers.authorization)).toEqual(["Bearer token-1", "Bearer token-2"]);
  });

  it("regenerates the last reply", async () => {
    let n = 0;
    const { client } = await connect((input) => {
      n++;
      return [runStarted(input), ...textMessage([`answer ${n}`], { messageId: `a${n}` }), runFinished(input)];
    });
    await client.sendMessage("q");
    await client.regenerate();
    expect(client.state.messages.map((m) => m.content)).toEqual(["q", "answer 2"]);
    await client.sendMessage("q2");
    await client.regenerate("a2");
    expect(client.state.messages.map((m) => m.content)).toEqual(["q", "answer 4"]);
    // No action rejects: an unknown id is a warning, and the thread is left as it was.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const before = client.state.messages;
    await expect(client.regenerate("nope")).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no message "nope"'));
    expect(client.state.messages).toBe(before);
    warn.mockRestore();
  });

  it("reads protobuf responses", async () => {
    const { client } = await connect(
      (input) => [runStarted(input), ...textMessage(["binary ", "hello"], { messageId: "a1" }), runFinished(input)],
      {
        headers: { Accept: "application/vnd.ag-ui.event+proto" },
      },
    );
    await client.sendMessage("hi");
    expect(client.state.messages.at(-1)).toMatchObject({ content: "binary hello" });
    expect(agent!.requests[0]!.headers.accept).toContain("proto");
  });
});

describe("AgentClient errors", () => {
  it("turns an HTTP 500 with a JSON body into an http error, keeps the message, and retries", async () => {
    let fail = true;
    const { client } = await connect((input) =>
      fail
        ? { status: 500, body: { error: "model backend unavailable" } }
        : [runStarted(input), ...textMessage(["ok"], { messageId: "a1" }), runFinished(input)],
    );
    await client.sendMessage("hello");
    expect(client.state.status).toBe("error");
    expect(client.state.error).toEqual({ kind: "http", status: 500, message: "model backend unavailable" });
    expect(client.state.messages).toEqual([expect.objectContaining({ role: "user", content: "hello" })]);
    fail = false;
    await client.retry();
    expect(client.state.status).toBe("idle");
    expect(client.state.messages.map((m) => m.content)).toEqual(["hello", "ok"]);
  });

  it("without reconnecting, turns a dropped connection into a network error, keeping the partial reply until retry", async () => {
    let drop = true;
    const { client } = await connect(
      (input) =>
        drop
          ? [runStarted(input), ...textMessage(["partial"], { messageId: "a1" }).slice(0, 2), { delay: 10 }, { drop: true }]
          : [runStarted(input), ...textMessage(["full"], { messageId: "a2" }), runFinished(input)],
      { reconnect: false },
    );
    await client.sendMessage("hello");
    expect(client.state.error?.kind).toBe("network");
    expect(client.state.messages.map((m) => m.content)).toEqual(["hello", "partial"]);
    drop = false;
    await client.retry();
    expect(client.state.messages.map((m) => m.content)).toEqual(["hello", "full"]);
  });

  it("reports a stream that ends without RUN_FINISHED as truncated", async () => {
    let truncate = true;
    const { client } = await connect((input) =>
      truncate
        ? [runStarted(input), ...textMessage(["half"], { messageId: "a1" })]
        : [runStarted(input), ...textMessage(["whole"], { messageId: "a2" }), runFinished(input)],
    );
    await client.sendMessage("hello");
    expect(client.state.status).toBe("error");
    expect(client.state.error?.kind).toBe("truncated");
    expect(client.state.messages.map((m) => m.content)).toEqual(["hello", "half"]);
    truncate = false;
    await client.retry();
    expect(client.state.status).toBe("idle");
  });

  it("refuses a run that writes into another subagent's message: that message keeps its text, the run fails, its subagents end", async () => {
    let turn = 0;
    const { client } = await connect((input) =>
      turn++ === 0
        ? run(input, subagent({ subagentRunId: "s1", name: "researcher" }, textMessage("Tides rise.", { messageId: "m1" })))
        : run(input, subagent({ subagentRunId: "s2", name: "writer" }, textMessage(" The writer says so.", { messageId: "m1" }))),
    );
    await client.sendMessage("research tides");
    await client.sendMessage("now write it");
    expect(client.state.messages.find((m) => m.id === "m1")).toMatchObject({ content: "Tides rise.", subagentRunId: "s1" });
    expect(client.state.error).toMatchObject({ kind: "protocol", message: expect.stringMatching(/'s2' does not match .* 's1'/) });
    expect(client.state.subagents.map((a) => [a.name, a.status])).toEqual([
      ["researcher", "finished"],
      ["writer", "failed"],
    ]);
  });

  it("surfaces RUN_ERROR as an agent error with its code", async () => {
    const { client } = await connect((input) => [
      runStarted(input),
      ...textMessage(["so far"], { messageId: "a1" }),
      { type: "RUN_ERROR", message: "rate limited", code: "429" },
    ]);
    await client.sendMessage("hello");
    expect(client.state.error).toEqual({ kind: "agent", message: "rate limited", code: "429" });
    expect(client.state.messages.map((m) => m.content)).toEqual(["hello", "so far"]);
  });

  it("keeps the agent's RUN_ERROR when the server sends more after it (VoltAgent's RUN_FINISHED)", async () => {
    // @voltagent/ag-ui 1.0.3 ends a failed run with RUN_ERROR and then RUN_FINISHED, which the
    // protocol refuses: the user is to read the agent's message, not the refusal.
    const { client } = await connect((input) => [
      runStarted(input),
      { type: "RUN_ERROR", message: "The model is overloaded." },
      runFinished(input),
    ]);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await client.sendMessage("hello");
    expect(client.state.status).toBe("error");
    expect(client.state.error).toEqual({ kind: "agent", message: "The model is overloaded." });
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringContaining("after its RUN_ERROR: Cannot send event type 'RUN_FINISHED'"),
    ]);
    warn.mockRestore();
  });

  it("turns a malformed frame into a protocol error", async () => {
    const { client } = await connect((input) => [runStarted(input), { raw: "data: {not json\n\n" }, runFinished(input)]);
    await client.sendMessage("hello");
    expect(client.state.error?.kind).toBe("protocol");
    expect(client.state.messages).toHaveLength(1);
  });

  it("turns a refused connection into a network error", async () => {
    const client = new AgentClient({ url: "http://127.0.0.1:9/agent", threadId: "t", schedule: sync });
    await client.sendMessage("anyone?");
    expect(client.state.error?.kind).toBe("network");
    expect(client.state.messages).toHaveLength(1);
  });
});

describe("AgentClient stop", () => {
  it("aborts mid-stream and leaves an idle thread with the partial reply", async () => {
    const { client, agent } = await connect(async function* (input, ctx) {
      yield runStarted(input);
      yield { type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" };
      for (let i = 0; i < 200 && !ctx.signal.aborted; i++) {
        yield { type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: `${i} ` };
        yield { delay: 5 };
      }
    });
    // Held after its third piece until the stop: the run is still going when Stop is pressed.
    const held = agent.hold({ type: "TEXT_MESSAGE_CONTENT", count: 3 });
    const done = client.sendMessage("count");
    await held.reached;
    await until(() => String(client.state.messages[1]?.content ?? "").length > 4);
    client.stop();
    await done;
    expect(client.state.status).toBe("idle");
    expect(client.state.error).toBeNull();
    expect(String(client.state.messages[1]!.content)).toMatch(/^0 1 /);
  });

  it("aborts running tool handlers and answers them as cancelled", async () => {
    const { client, agent } = await connect((input) => [
      runStarted(input),
      ...toolCall("slow", {}, { toolCallId: "c1", parentMessageId: "m-c1", chunks: 2 }),
      runFinished(input),
    ]);
    let signal: AbortSignal | undefined;
    client.registerTool({
      name: "slow",
      handler: (_args, ctx) =>
        new Promise((_resolve, reject) => {
          signal = ctx.signal;
          ctx.signal.addEventListener("abort", () => reject(new Error("aborted")));
        }),
    });
    const done = client.sendMessage("go");
    await until(() => signal !== undefined);
    client.stop();
    await done;
    expect(signal!.aborted).toBe(true);
    expect(client.state.status).toBe("idle");
    expect(client.state.toolCallStatus.c1).toBe("error");
    expect(agent.requests).toHaveLength(1);
  });
});

import type { InputContent } from "@ag-ui/core";
import { type MockAgent, pngImage, run, runStarted, startMockAgent, textMessage } from "@tandem/mock-agent";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AgentClient } from "../run/agentClient.js";
import type { AgentClientOptions } from "../run/clientOptions.js";
import { sync } from "../test/scripts.js";
import type { Protocol } from "./index.js";

let agent: MockAgent;
beforeAll(async () => {
  agent = await startMockAgent();
});
afterAll(() => agent.close());
afterEach(() => agent.requests.splice(0));

/** Where the mock agent serves a scenario in each dialect. */
function endpoint(protocol: Protocol, scenario: string): Partial<AgentClientOptions> {
  switch (protocol) {
    case "ag-kit":
      return { url: `${agent.baseUrl}/ag-kit/${scenario}/send-message` };
    case "agent-runtime":
      return { url: `${agent.baseUrl}/agent-runtime`, agentId: scenario };
    case "agentscope":
      return { url: `${agent.baseUrl}/agentscope/${scenario}` };
    default:
      return { url: `${agent.baseUrl}/${scenario}` };
  }
}

function client(protocol: Protocol, scenario: string, extra: Partial<AgentClientOptions> = {}) {
  return new AgentClient({
    protocol,
    threadId: `t-${protocol}-${scenario}-${Math.random()}`,
    schedule: sync,
    ...endpoint(protocol, scenario),
    ...extra,
  } as AgentClientOptions);
}

const lastText = (c: AgentClient) => String(c.state.messages.at(-1)?.content ?? "");
const PROTOCOLS: Protocol[] = ["ag-kit", "agent-runtime", "agentscope"];

describe.each(PROTOCOLS)("%s through AgentClient", (protocol) => {
  it("streams a plain text answer", async () => {
    const c = client(protocol, "agentic-chat");
    await c.sendMessage("count down");
    expect(c.state.error).toBeNull();
    expect(c.state.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(lastText(c)).toBe("Counting down: 10 9 8 7 6 5 4 3 2 1 ✓");
  });

  it("runs a client tool and streams the follow-up answer", async () => {
    const c = client(protocol, "agentic-chat");
    const handler = vi.fn(({ background }: { background: string }) => `now ${background}`);
    c.registerTool({
      name: "change_background",
      description: "Change the background",
      parameters: { type: "object", properties: { background: { type: "string" } }, required: ["background"] } as const,
      handler,
    });
    await c.sendMessage("make the background teal");
    expect(handler).toHaveBeenCalledWith({ background: "teal" }, expect.anything());
    expect(c.state.error).toBeNull();
    expect(lastText(c)).toBe("Done! The background is now teal.");
    expect(c.state.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
  });

  it("shows a server tool call with its result", async () => {
    const c = client(protocol, "backend-tool-rendering");
    await c.sendMessage("What is the weather in Oslo?");
    expect(c.state.error).toBeNull();
    const calls = c.selectToolCalls(c.state);
    expect(calls).toEqual([
      expect.objectContaining({
        name: "get_weather",
        args: { location: "Oslo" },
        status: "complete",
        result: expect.objectContaining({ city: "Oslo" }),
      }),
    ]);
    expect(lastText(c)).toContain("Oslo");
  });
});

describe.each(["ag-kit", "agent-runtime"] as Protocol[])("%s interrupts", (protocol) => {
  it("pause with a question and resume with the answer", async () => {
    const c = client(protocol, "interrupt");
    await c.sendMessage("book a flight");
    expect(c.state.status).toBe("awaiting-input");
    const [pending] = c.state.interrupts;
    expect(pending).toMatchObject({ reason: "choose_option", message: "Which flight should I book?" });
    const choice = (pending!.responseSchema as { properties: { choice: { enum: string[] } } }).properties.choice.enum[2]!;
    await c.resolveInterrupt(pending!.id, { choice });
    expect(lastText(c)).toBe(`Booked: ${choice}. Have a good trip!`);
  });
});

describe("ag-kit requests", () => {
  it("carry only new messages, tools with JSON-string parameters, and resume payloads as JSON strings", async () => {
    const c = client("ag-kit", "agentic-chat");
    c.registerTool({
      name: "change_background",
      description: "d",
      parameters: { type: "object", properties: { background: { type: "string" } } },
      handler: () => "ok",
    });
    await c.sendMessage("make the background red");
    const [first, second] = agent.requests.map((r) => r.body as Record<string, unknown>);
    expect(first).toEqual({
      conversationId: c.state.threadId,
      messages: [{ role: "user", content: "make the background red" }],
      tools: [
        { name: "change_background", description: "d", parameters: '{"type":"object","properties":{"background":{"type":"string"}}}' },
      ],
    });
    expect(second!.messages).toEqual([{ role: "tool", content: "ok", toolCallId: expect.any(String) }]);
    const k = client("ag-kit", "interrupt");
    await k.sendMessage("book");
    await k.resolveInterrupt(k.state.interrupts[0]!.id, { choice: "x" });
    expect(agent.requests.at(-1)!.body).toEqual({
      conversationId: k.state.threadId,
      tools: [],
      resume: { interruptId: expect.any(String), payload: '{"choice":"x"}' },
    });
  });

  it("tolerate a trailing [DONE] and frames that are not JSON", async () => {
    const raw = await startMockAgent({
      scenario: () => [
        { raw: 'data: {"type":"text","content":"Hi"}\n\n' },
        { raw: "data: not json\n\n" },
        { raw: 'data: {"type":"text","content":" there"}\n\n' },
        { raw: "data: [DONE]\n\n" },
      ],
    });
    try {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      const c = new AgentClient({ protocol: "ag-kit", url: `${raw.baseUrl}/ag-kit/default/send-message`, threadId: "t", schedule: sync });
      await c.sendMessage("hello");
      expect(c.state.error).toBeNull();
      expect(lastText(c)).toBe("Hi there");
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("not json"));
      expect(warn).toHaveBeenCalledTimes(1);
      warn.mockRestore();
    } finally {
      await raw.close();
    }
  });
});

describe("agent runtime", () => {
  it("posts AG-UI with frontend tools marked, content on every message, and model/systemPrompt/config", async () => {
    const c = client("agent-runtime", "agentic-chat", { model: "gpt-x", systemPrompt: "Be brief.", config: { temperature: 0 } });
    c.registerTool({ name: "change_background", parameters: { type: "object", properties: {} }, handler: () => "ok" });
    await c.sendMessage("make the background red");
    const [first, second] = agent.requests.map((r) => r as { path: string; body: Record<string, unknown> });
    expect(first!.path).toBe("/agent-runtime/v1/ag-ui/agents/agentic-chat/runs");
    expect(first!.body).toMatchObject({
      model: "gpt-x",
      systemPrompt: "Be brief.",
      config: { temperature: 0 },
      tools: [{ name: "change_background", execute: "frontend" }],
    });
    expect((second!.body.messages as { role: string; content: unknown }[]).map((m) => [m.role, typeof m.content])).toEqual([
      ["user", "string"],
      ["assistant", "string"],
      ["tool", "string"],
    ]);
  });

  it("loads the thread's history, page by page, when asked", async () => {
    const first = client("agent-runtime", "agentic-chat");
    for (let i = 0; i < 12; i++) await first.sendMessage(`message ${i}`);
    const later = client("agent-runtime", "agentic-chat", { threadId: first.state.threadId });
    await later.loadHistory();
    expect(later.state.messages.map((m) => m.id)).toEqual(first.state.messages.map((m) => m.id));
    expect(agent.requests.filter((r) => r.method === "GET").length).toBeGreaterThan(1);
  });

  it("treats 202 decision_forwarded as a finished run with nothing to stream", async () => {
    const forward = await startMockAgent({
      scenario: (input) => ({ status: 202, body: { status: "decision_forwarded", threadId: input.threadId, runId: input.runId } }),
    });
    try {
      const c = new AgentClient({
        protocol: "agent-runtime",
        url: `${forward.baseUrl}/agent-runtime`,
        agentId: "default",
        threadId: "t",
        schedule: sync,
      });
      await c.runAgent();
      expect(c.state).toMatchObject({ status: "idle", error: null });
    } finally {
      await forward.close();
    }
  });

  it("shows the server's error message for 404 and 400", async () => {
    const unknown = client("agent-runtime", "no-such-agent");
    await unknown.sendMessage("hi");
    expect(unknown.state.error).toMatchObject({ kind: "http", status: 404, message: expect.stringContaining("no-such-agent") });
    const empty = new AgentClient({
      protocol: "agent-runtime",
      url: `${agent.baseUrl}/agent-runtime`,
      agentId: "agentic-chat",
      threadId: "",
      schedule: sync,
    });
    await empty.sendMessage("hi");
    expect(empty.state.error).toMatchObject({ kind: "http", status: 400, message: "bad request: threadId cannot be empty" });
  });

  it("accepts reasoning messages that say role assistant", async () => {
    const reasoning = await startMockAgent({
      scenario: (input) => [
        runStarted(input),
        { type: "REASONING_START", messageId: "r1" },
        { type: "REASONING_MESSAGE_START", messageId: "r1", role: "assistant" },
        { type: "REASONING_MESSAGE_CONTENT", messageId: "r1", delta: "thinking" },
        { type: "REASONING_MESSAGE_END", messageId: "r1" },
        { type: "REASONING_END", messageId: "r1" },
        ...run(input, textMessage("done")).slice(1),
      ],
    });
    try {
      const c = new AgentClient({
        protocol: "agent-runtime",
        url: `${reasoning.baseUrl}/agent-runtime`,
        agentId: "default",
        threadId: "t",
        schedule: sync,
      });
      await c.sendMessage("hi");
      expect(c.state.error).toBeNull();
      expect(c.state.messages.map((m) => [m.role, m.content])).toEqual([
        ["user", "hi"],
        ["reasoning", "thinking"],
        ["assistant", "done"],
      ]);
    } finally {
      await reasoning.close();
    }
  });
});

describe("agentscope", () => {
  it("posts input, stream, session_id, user_id and function tools; answers a function_call with function_call_output", async () => {
    const c = client("agentscope", "agentic-chat", { userId: "u-42" });
    c.registerTool({
      name: "change_background",
      description: "d",
      parameters: { type: "object", properties: { background: { type: "string" } } },
      handler: () => "ok",
    });
    await c.sendMessage("make the background red");
    const [first, second] = agent.requests.map((r) => r.body as Record<string, unknown>);
    expect(first).toEqual({
      input: [{ type: "message", role: "user", content: [{ type: "text", text: "make the background red" }] }],
      stream: true,
      session_id: c.state.threadId,
      user_id: "u-42",
      tools: [
        {
          type: "function",
          function: {
            name: "change_background",
            description: "d",
            parameters: { type: "object", properties: { background: { type: "string" } } },
          },
        },
      ],
    });
    expect(second!.input).toEqual([
      { type: "function_call_output", role: "tool", content: [{ type: "data", data: { call_id: expect.any(String), output: "ok" } }] },
    ]);
    expect(lastText(c)).toBe("Done! The background is now red.");
  });

  it("turns a failed response and an error frame into agent errors, keeping the partial reply", async () => {
    const failing = await startMockAgent({
      scenario: () => [
        { raw: 'data: {"object":"response","id":"r","status":"created"}\n\n' },
        { raw: 'data: {"object":"message","id":"m","type":"message","role":"assistant","status":"created"}\n\n' },
        { raw: 'data: {"object":"content","type":"text","index":0,"delta":true,"text":"Part","msg_id":"m"}\n\n' },
        { raw: 'data: {"object":"response","id":"r","status":"failed","error":{"code":"quota","message":"Quota exceeded"}}\n\n' },
      ],
    });
    const errorFrame = await startMockAgent({ scenario: () => [{ raw: 'data: {"error": "model not found"}\n\n' }] });
    try {
      const c = new AgentClient({ protocol: "agentscope", url: `${failing.baseUrl}/agentscope/default`, threadId: "t", schedule: sync });
      await c.sendMessage("hi");
      expect(c.state.error).toEqual({ kind: "agent", message: "Quota exceeded", code: "quota" });
      expect(c.state.messages.map((m) => m.content)).toEqual(["hi", "Part"]);
      const e = new AgentClient({
        protocol: "agentscope",
        url: `${errorFrame.baseUrl}/agentscope/default`,
        threadId: "t2",
        schedule: sync,
      });
      await e.sendMessage("hi");
      expect(e.state.error).toEqual({ kind: "agent", message: "model not found" });
    } finally {
      await failing.close();
      await errorFrame.close();
    }
  });

  it("a stream cut before its response completes is a truncated run with the partial reply, never a finished one", async () => {
    let cut = true;
    const cutting = await startMockAgent({
      // The mock's AgentScope writer sends the completed response for RUN_FINISHED: here none comes the first time.
      scenario: (input) => (cut ? [runStarted(input), ...textMessage("Half a repl")] : run(input, textMessage("A whole reply."))),
    });
    try {
      const c = new AgentClient({ protocol: "agentscope", url: `${cutting.baseUrl}/agentscope/default`, threadId: "t", schedule: sync });
      await c.sendMessage("hi");
      expect(c.state).toMatchObject({ status: "error", error: { kind: "truncated" }, lastOutcome: null });
      expect(c.state.messages.map((m) => m.content)).toEqual(["hi", "Half a repl"]);
      cut = false;
      await c.retry();
      expect(c.state).toMatchObject({ status: "idle", error: null, lastOutcome: "success" });
      expect(c.state.messages.map((m) => m.content)).toEqual(["hi", "A whole reply."]);
    } finally {
      await cutting.close();
    }
  });
});

describe("attachments", () => {
  const photo = Buffer.from(pngImage(64, 48));
  const pdf = Buffer.from("%PDF-1.7\n%%EOF\n");
  const wav = Buffer.alloc(44, 1);
  const image: InputContent = {
    type: "image",
    source: { type: "data", value: photo.toString("base64"), mimeType: "image/png" },
    metadata: { filename: "photo.png" },
  };
  const document: InputContent = {
    type: "document",
    source: { type: "data", value: pdf.toString("base64"), mimeType: "application/pdf" },
    metadata: { filename: "notes.pdf" },
  };
  const audio: InputContent = {
    type: "audio",
    source: { type: "data", value: wav.toString("base64"), mimeType: "audio/x-wav" },
    metadata: { filename: "hello.wav" },
  };
  const video: InputContent = {
    type: "video",
    source: { type: "url", value: "https://example.com/clip.mp4", mimeType: "video/mp4" },
    metadata: { filename: "clip.mp4" },
  };
  const said = `photo.png (image, image/png, ${photo.length} bytes, 64×48 px)`;
  const posts = () => agent.requests.filter((r) => r.method === "POST");

  it.each(["ag-ui", "agent-runtime"] as Protocol[])(
    "%s sends AG-UI content parts as they are, and the agent says what arrived",
    async (protocol) => {
      const c = client(protocol, "agentic-chat");
      const content: InputContent[] = [{ type: "text", text: "what are these?" }, image, document, audio, video];
      await c.sendMessage(content);
      expect(c.state.error).toBeNull();
      expect((posts()[0]!.body as { messages: Array<{ content: unknown }> }).messages[0]!.content).toEqual(content);
      expect(lastText(c)).toBe(
        `I received 4 attachments: ${said}; notes.pdf (document, application/pdf, ${pdf.length} bytes); ` +
          "hello.wav (audio, audio/x-wav, 44 bytes); clip.mp4 (video, video/mp4, a URL, not fetched: https://example.com/clip.mp4).",
      );
    },
  );

  it("agentscope sends an image as image_url, audio as data + format, a document as a file, and the agent says what arrived", async () => {
    const c = client("agentscope", "agentic-chat");
    await c.sendMessage([{ type: "text", text: "what are these?" }, image, audio, document]);
    expect(c.state.error).toBeNull();
    expect((posts()[0]!.body as { input: unknown[] }).input).toEqual([
      {
        type: "message",
        role: "user",
        content: [
          { type: "text", text: "what are these?" },
          { type: "image", image_url: `data:image/png;base64,${photo.toString("base64")}` },
          { type: "audio", data: wav.toString("base64"), format: "wav" },
          { type: "file", file_data: `data:application/pdf;base64,${pdf.toString("base64")}`, filename: "notes.pdf" },
        ],
      },
    ]);
    // AgentScope's ImageContent has no file name; its FileContent does.
    expect(lastText(c)).toBe(
      `I received 3 attachments: unnamed (image, image/png, ${photo.length} bytes, 64×48 px); ` +
        `unnamed (audio, audio/wav, 44 bytes); notes.pdf (document, application/pdf, ${pdf.length} bytes).`,
    );
  });

  it("agentscope refuses a video before sending anything; the message stays and text still goes through", async () => {
    const c = client("agentscope", "agentic-chat");
    expect(await c.attachmentKinds).toEqual(["image", "audio", "document"]);
    await c.sendMessage([{ type: "text", text: "watch this" }, video]);
    expect(c.state.error).toEqual({
      kind: "protocol",
      message: "This agent's protocol cannot carry video attachments; remove them and send again.",
    });
    expect(posts()).toEqual([]);
    expect(c.state.messages.map((m) => m.content)).toEqual([[{ type: "text", text: "watch this" }, video]]);
    await c.sendMessage("count down");
    expect(lastText(c)).toBe("Counting down: 10 9 8 7 6 5 4 3 2 1 ✓");
  });

  it("ag-kit carries text only: an image is refused before sending, text goes through", async () => {
    const c = client("ag-kit", "agentic-chat");
    expect(await c.attachmentKinds).toEqual([]);
    await c.sendMessage([{ type: "text", text: "look" }, image]);
    expect(c.state.error).toMatchObject({ kind: "protocol", message: expect.stringContaining("cannot carry image attachments") });
    expect(posts()).toEqual([]);
    await c.sendMessage("count down");
    expect(c.state.error).toBeNull();
    expect(lastText(c)).toBe("Counting down: 10 9 8 7 6 5 4 3 2 1 ✓");
  });

  it("ag-ui and the agent runtime carry every kind", async () => {
    expect(await client("ag-ui", "agentic-chat").attachmentKinds).toEqual(["image", "audio", "video", "document"]);
    expect(await client("agent-runtime", "agentic-chat").attachmentKinds).toEqual(["image", "audio", "video", "document"]);
  });
});

import { type MockAgent, type Script, startMockAgent } from "@tandem/mock-agent";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodies, renderWith, serve, Transcript } from "./test/harness.js";
import { useAgent } from "./useAgent.js";
import { useFrontendTool, useHumanInTheLoop } from "./useFrontendTool.js";

const send = () => fireEvent.click(screen.getByRole("button", { name: "Send" }));
const items = () => screen.getAllByRole("listitem").map((li) => li.textContent);
const settled = () => waitFor(() => expect(screen.getByTestId("status").textContent).toMatch(/idle|error|awaiting-input/));

let mock: MockAgent;
beforeAll(async () => {
  mock = await startMockAgent();
});
afterAll(() => mock.close());

const endpoints = {
  "ag-kit": () => ({ url: `${mock.baseUrl}/ag-kit/SCENARIO/send-message` }),
  "agent-runtime": () => ({ url: `${mock.baseUrl}/agent-runtime`, agentId: "SCENARIO" }),
  agentscope: () => ({ url: `${mock.baseUrl}/agentscope/SCENARIO` }),
} as const;

function props(protocol: keyof typeof endpoints, scenario: string) {
  const p = endpoints[protocol]();
  return {
    protocol,
    threadId: `${protocol}-${scenario}-${Math.random()}`,
    ...Object.fromEntries(Object.entries(p).map(([k, v]) => [k, v.replace("SCENARIO", scenario)])),
  };
}

function Backgrounds() {
  useFrontendTool({
    name: "change_background",
    parameters: { type: "object", properties: { background: { type: "string" } } },
    handler: ({ background }) => `now ${background}`,
  });
  return <Transcript prompt="make the background teal" />;
}

function Flights() {
  const { interrupts, resolveInterrupt } = useAgent();
  return (
    <>
      <Transcript prompt="book a flight" />
      {interrupts.map((i) => (
        <button type="button" key={i.id} onClick={() => void resolveInterrupt(i.id, { choice: "Evening flight 19:05" })}>
          {i.message}
        </button>
      ))}
    </>
  );
}

describe.each(["ag-kit", "agent-runtime", "agentscope"] as const)("useAgent over %s", (protocol) => {
  it("streams a plain answer", async () => {
    renderWith(mock, <Transcript prompt="count down" />, props(protocol, "agentic-chat"));
    send();
    await waitFor(() => expect(items()).toEqual(["count down", "Counting down: 10 9 8 7 6 5 4 3 2 1 ✓"]));
    await settled();
  });

  it("runs a client tool and shows the follow-up answer", async () => {
    renderWith(mock, <Backgrounds />, props(protocol, "agentic-chat"));
    send();
    await waitFor(() => expect(items().at(-1)).toBe("Done! The background is now teal."));
    expect(items()).toContain("now teal");
  });

  it("shows a server tool's result", async () => {
    function Weather() {
      const { toolCalls } = useAgent();
      return (
        <>
          <Transcript prompt="weather in Rome?" />
          {toolCalls.map((c) => (
            <p key={c.id}>{`${c.name} ${c.status} ${JSON.stringify(c.result)}`}</p>
          ))}
        </>
      );
    }
    renderWith(mock, <Weather />, props(protocol, "backend-tool-rendering"));
    send();
    await waitFor(() => expect(screen.getByText(/get_weather complete .*"city":"Rome"/)).toBeTruthy());
  });

  if (protocol !== "agentscope") {
    it("pauses on an interrupt and resumes with the answer", async () => {
      renderWith(mock, <Flights />, props(protocol, "interrupt"));
      send();
      fireEvent.click(await screen.findByRole("button", { name: "Which flight should I book?" }));
      await waitFor(() => expect(items().at(-1)).toBe("Booked: Evening flight 19:05. Have a good trip!"));
    });
  }
});

describe("dialect errors through useAgent", () => {
  it("shows the agent runtime's 404 message", async () => {
    renderWith(mock, <Transcript />, props("agent-runtime", "nobody"));
    send();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toMatch(/^http: .*nobody/));
    expect(items()).toEqual(["hello"]);
  });

  it("shows a failed AgentScope response and keeps the partial reply", async () => {
    const failing = await serve(() => [
      { raw: 'data: {"object":"message","id":"m","type":"message","role":"assistant","status":"created"}\n\n' },
      { raw: 'data: {"object":"content","type":"text","delta":true,"text":"Partial","msg_id":"m"}\n\n' },
      { raw: 'data: {"object":"response","status":"failed","error":{"code":"500","message":"Model crashed"}}\n\n' },
    ]);
    renderWith(failing, <Transcript />, { protocol: "agentscope", url: `${failing.baseUrl}/agentscope/default` });
    send();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("agent: Model crashed"));
    expect(items()).toEqual(["hello", "Partial"]);
  });
});

/** AG-Kit's HTTP agent is plain AG-UI at a /send-message URL: its spec's four scenarios, verbatim. */
describe("AG-Kit HTTP agent (AG-UI at /send-message)", () => {
  const scenarios: Script = (input) => {
    const last = input.messages.at(-1)!;
    const text = typeof last.content === "string" ? last.content : "";
    const started = { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId };
    const finished = { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId };
    if (last.role === "tool" && last.toolCallId === "call_002") {
      return [
        started,
        { type: "TEXT_MESSAGE_START", messageId: "msg_4", role: "assistant" },
        { type: "TEXT_MESSAGE_CONTENT", messageId: "msg_4", delta: "Found 2 files: 2024_annual_report.pdf and Q3_report.docx" },
        { type: "TEXT_MESSAGE_END", messageId: "msg_4" },
        finished,
      ];
    }
    if (last.role === "tool" && last.toolCallId === "call_003") {
      return [
        started,
        { type: "TEXT_MESSAGE_START", messageId: "msg_5", role: "assistant" },
        { type: "TEXT_MESSAGE_CONTENT", messageId: "msg_5", delta: `Confirmation received: ${last.content}` },
        { type: "TEXT_MESSAGE_END", messageId: "msg_5" },
        finished,
      ];
    }
    if (text === "Hello") {
      return [
        started,
        { type: "TEXT_MESSAGE_START", messageId: "msg_2", role: "assistant" },
        { type: "TEXT_MESSAGE_CONTENT", messageId: "msg_2", delta: "Hello" },
        { type: "TEXT_MESSAGE_CONTENT", messageId: "msg_2", delta: "! How can I help you?" },
        { type: "TEXT_MESSAGE_END", messageId: "msg_2" },
        finished,
      ];
    }
    if (text.includes("search for report files")) {
      return [
        started,
        { type: "TOOL_CALL_START", toolCallId: "call_002", toolCallName: "search_local_files" },
        { type: "TOOL_CALL_ARGS", toolCallId: "call_002", delta: '{"keyword":"report"}' },
        { type: "TOOL_CALL_END", toolCallId: "call_002" },
        finished,
      ];
    }
    if (text.includes("weather")) {
      return [
        started,
        { type: "TEXT_MESSAGE_START", messageId: "msg_2", role: "assistant" },
        { type: "TEXT_MESSAGE_CONTENT", messageId: "msg_2", delta: "Let me check" },
        { type: "TEXT_MESSAGE_END", messageId: "msg_2" },
        { type: "TOOL_CALL_START", toolCallId: "call_001", toolCallName: "get_weather", parentMessageId: "msg_2" },
        { type: "TOOL_CALL_ARGS", toolCallId: "call_001", delta: '{"city":"Beijing"}' },
        { type: "TOOL_CALL_END", toolCallId: "call_001" },
        { type: "TOOL_CALL_RESULT", messageId: "msg_tool_1", toolCallId: "call_001", content: "Sunny, 25°C" },
        { type: "TEXT_MESSAGE_START", messageId: "msg_3", role: "assistant" },
        { type: "TEXT_MESSAGE_CONTENT", messageId: "msg_3", delta: "Beijing is sunny today, 25°C." },
        { type: "TEXT_MESSAGE_END", messageId: "msg_3" },
        finished,
      ];
    }
    return [
      started,
      { type: "TEXT_MESSAGE_START", messageId: "msg_2", role: "assistant" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "msg_2", delta: "About to delete 15 temporary files" },
      { type: "TEXT_MESSAGE_END", messageId: "msg_2" },
      { type: "TOOL_CALL_START", toolCallId: "call_003", toolCallName: "confirmAction", parentMessageId: "msg_2" },
      { type: "TOOL_CALL_ARGS", toolCallId: "call_003", delta: '{"action":"delete temporary files","count":15}' },
      { type: "TOOL_CALL_END", toolCallId: "call_003" },
      finished,
    ];
  };

  function App({ prompt }: { prompt: string }) {
    useFrontendTool({
      name: "search_local_files",
      description: "Search user's local files",
      parameters: { type: "object", properties: { keyword: { type: "string" } } },
      handler: () => '["2024_annual_report.pdf", "Q3_report.docx"]',
    });
    useHumanInTheLoop({
      name: "confirmAction",
      description: "Request user confirmation for dangerous operations",
      parameters: { type: "object", properties: { action: { type: "string" }, count: { type: "number" } }, required: ["action"] },
    });
    const { toolCalls, respond } = useAgent();
    return (
      <>
        <Transcript prompt={prompt} />
        {toolCalls.map((c) => {
          const args = c.args as { action?: string; count?: number };
          return c.status === "awaiting-input" ? (
            <button
              type="button"
              key={c.id}
              onClick={() => respond(c.id, { confirmed: true })}
            >{`Confirm ${args.action} (${args.count})`}</button>
          ) : null;
        })}
      </>
    );
  }

  it.each([
    ["1: pure conversation", "Hello", ["Hello", "Hello! How can I help you?"]],
    [
      "2: frontend tool call",
      "Help me search for report files locally",
      [
        "Help me search for report files locally",
        "",
        '["2024_annual_report.pdf", "Q3_report.docx"]',
        "Found 2 files: 2024_annual_report.pdf and Q3_report.docx",
      ],
    ],
    [
      "3: server-side tool call",
      "What's the weather like in Beijing?",
      ["What's the weather like in Beijing?", "Let me check", "Sunny, 25°C", "Beijing is sunny today, 25°C."],
    ],
  ])("scenario %s", async (_name, prompt, transcript) => {
    const agent = await serve(scenarios);
    renderWith(agent, <App prompt={prompt} />, { url: `${agent.baseUrl}/default/send-message` });
    send();
    await waitFor(() => expect(items()).toEqual(transcript));
    await settled();
    expect(agent.requests.every((r) => r.path === "/default/send-message")).toBe(true);
  });

  it("scenario 4: human in the loop", async () => {
    const agent = await serve(scenarios);
    renderWith(agent, <App prompt="Delete all temporary files" />, { url: `${agent.baseUrl}/default/send-message` });
    send();
    const confirm = await screen.findByRole("button", { name: "Confirm delete temporary files (15)" });
    expect(items()[1]).toBe("About to delete 15 temporary files");
    expect(agent.requests).toHaveLength(1);
    expect(bodies(agent)[0]!.tools).toEqual([
      expect.objectContaining({ name: "search_local_files" }),
      expect.objectContaining({ name: "confirmAction", parameters: expect.objectContaining({ required: ["action"] }) }),
    ]);
    fireEvent.click(confirm);
    await waitFor(() => expect(items().at(-1)).toBe('Confirmation received: {"confirmed":true}'));
    const second = bodies(agent)[1]!;
    expect(second.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
    expect(second.messages[1]).toMatchObject({ id: "msg_2", toolCalls: [{ id: "call_003", function: { name: "confirmAction" } }] });
  });
});

import type { AddressInfo } from "node:net";
import type { RunAgentInput } from "@ag-ui/core";
import { type MockAgent, startMockAgent } from "@tandem/mock-agent";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket as NodeWebSocket, WebSocketServer } from "ws";
import { AgentClient } from "../run/agentClient.js";
import { sync, until } from "../test/scripts.js";
import { createTransport } from "./index.js";
import type { WebSocketConstructor } from "./types.js";

const closing: Array<() => unknown> = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/** Every frame the client sent, on any socket it opened. */
const sent: Array<Record<string, unknown>> = [];
/** `ws`'s WebSocket (Node 20 has no global one), recording what the client sends. */
class RecordingSocket extends NodeWebSocket {
  static opened = 0;
  constructor(url: string, protocols: string) {
    super(url, protocols);
    RecordingSocket.opened++;
  }
  override send(data: unknown, ...rest: unknown[]): void {
    sent.push(JSON.parse(String(data)));
    (super.send as (...args: unknown[]) => void)(data, ...rest);
  }
}
const Socket = RecordingSocket as unknown as WebSocketConstructor;
afterEach(() => {
  sent.length = 0;
  RecordingSocket.opened = 0;
});

async function mock(options: Parameters<typeof startMockAgent>[0] = {}): Promise<MockAgent> {
  const agent = await startMockAgent(options);
  closing.push(() => agent.close());
  return agent;
}

const fast = { delayMs: 10, maxDelayMs: 40 };
const clientOf = (url: string, threadId: string) =>
  new AgentClient({ url, threadId, schedule: sync, websocket: { WebSocket: Socket }, reconnect: fast, network: false });
const replyOf = (client: AgentClient) => String(client.state.messages.at(-1)?.content ?? "");

/** A WebSocket server of our own: `answer` gets each frame the client sends and the socket to answer on. */
async function own(answer: (frame: Record<string, unknown>, socket: import("ws").WebSocket, count: number) => void) {
  const server = new WebSocketServer({ port: 0, host: "127.0.0.1", handleProtocols: () => "ag-ui.v1+json" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  let count = 0;
  server.on("connection", (socket) => socket.on("message", (data) => answer(JSON.parse(String(data)), socket, count++)));
  closing.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of server.clients) socket.terminate();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** A frame of the binding carrying `event` with `id`, for run `runId`. */
const eventFrame = (runId: string, id: string, event: Record<string, unknown>) => JSON.stringify({ type: "event", runId, id, event });

describe("the WebSocket transport (websocket option)", () => {
  it("runs a conversation over one socket per thread, opened with the ag-ui.v1+json subprotocol", async () => {
    const agent = await mock();
    const client = clientOf(agent.url, "one-socket");
    await client.sendMessage("count down from 10");
    expect(replyOf(client)).toBe("Counting down: 10 9 8 7 6 5 4 3 2 1 ✓");
    await client.sendMessage("count down again");
    expect(client.state.error).toBeNull();
    expect(sent.map((frame) => frame.type)).toEqual(["run", "run"]);
    expect(RecordingSocket.opened).toBe(1);
  });

  it("a socket dropped mid-run is opened again and the run resumed after the last id: the reply ends whole, each word once", async () => {
    const whole = await (async () => {
      const plain = await mock();
      const client = clientOf(plain.url, "whole");
      await client.sendMessage("tell me a story");
      return replyOf(client);
    })();
    sent.length = 0;
    // Every answer of the mock is cut after a dozen events: its socket closes (1011) each time.
    const agent = await mock({ dropAfter: 12, tokenDelayMs: 1 });
    const client = clientOf(agent.url, "dropped");
    await client.sendMessage("tell me a story");
    expect(client.state.error).toBeNull();
    expect(replyOf(client)).toBe(whole);
    const resumes = sent.filter((frame) => frame.type === "resume");
    expect(resumes.length).toBeGreaterThan(2);
    const { runId } = sent[0]!.input as { runId: string };
    expect(resumes[0]).toEqual({ type: "resume", threadId: "dropped", runId, lastEventId: "12" });
  });

  it("a server that does not continue the run (error 404 to the resume): the truncated reply with Retry", async () => {
    const url = await own((frame, socket) => {
      if (frame.type === "run") {
        const runId = (frame.input as { runId: string }).runId;
        socket.send(eventFrame(runId, "1", { type: "RUN_STARTED", threadId: "t", runId }));
        socket.send(eventFrame(runId, "2", { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" }));
        socket.send(eventFrame(runId, "3", { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "Half a" }));
        socket.close(1011);
      } else if (frame.type === "resume") {
        socket.send(JSON.stringify({ type: "error", runId: frame.runId, status: 404, message: "unknown run" }));
      }
    });
    const client = clientOf(url, "t");
    await client.sendMessage("hello");
    expect(client.state.error).toMatchObject({ kind: "truncated" });
    expect(replyOf(client)).toBe("Half a");
    expect(sent.find((frame) => frame.type === "resume")).toMatchObject({ lastEventId: "3" });
  });

  it("a server that starts the run over on resume is not read twice: truncated", async () => {
    const url = await own((frame, socket) => {
      const runId = (frame.type === "run" ? (frame.input as { runId: string }).runId : frame.runId) as string;
      socket.send(eventFrame(runId, "1", { type: "RUN_STARTED", threadId: "t", runId }));
      socket.send(eventFrame(runId, "2", { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" }));
      socket.send(eventFrame(runId, "3", { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "Once" }));
      socket.close(1011);
    });
    const client = clientOf(url, "t");
    await client.sendMessage("hello");
    expect(client.state.error).toMatchObject({ kind: "truncated" });
    expect(replyOf(client)).toBe("Once");
  });

  it("Stop sends a stop frame for the run over the socket, and leaves an idle chat with the partial reply", async () => {
    const agent = await mock({ tokenDelayMs: 1 });
    const telling = agent.hold({ type: "TEXT_MESSAGE_CONTENT", count: 3 });
    closing.push(() => telling.release());
    const client = clientOf(agent.url, "stopped");
    const sending = client.sendMessage("tell me a story");
    await telling.reached;
    await until(() => replyOf(client).startsWith("Once upon"));
    client.stop();
    await sending;
    const runId = (sent[0]!.input as { runId: string }).runId;
    await until(() => sent.some((frame) => frame.type === "stop"));
    expect(sent.find((frame) => frame.type === "stop")).toEqual({ type: "stop", threadId: "stopped", runId });
    // The mock heard it as its stop endpoint: the run stopped there too.
    await until(() => agent.requests.some((r) => r.path === "/agent/default/stop/stopped"));
    expect(client.state.status).toBe("idle");
    expect(client.state.error).toBeNull();
  });

  it("a run read on and left (a device watching another's run) sends no stop frame: the owner's run goes on whole", async () => {
    const agent = await mock({ tokenDelayMs: 1 });
    const telling = agent.hold({ type: "TEXT_MESSAGE_CONTENT", count: 3 });
    closing.push(() => telling.release());
    const owner = clientOf(agent.url, "watched");
    const sending = owner.sendMessage("tell me a story");
    await telling.reached;
    const input = sent[0]!.input as RunAgentInput;
    // Another reader reads the run on after its first event, and leaves it at its first event.
    const transport = await createTransport({ url: agent.url, websocket: { WebSocket: Socket }, reconnect: fast });
    const leaving = new AbortController();
    const read = transport.run(input, leaving.signal, { resumeAfter: "1" }) as AsyncIterable<unknown>;
    await (async () => {
      for await (const _ of read) leaving.abort();
    })().catch(() => undefined);
    expect(sent.map((frame) => frame.type)).toEqual(["run", "resume"]);
    telling.release();
    await sending;
    expect(sent.some((frame) => frame.type === "stop")).toBe(false);
    expect(owner.state).toMatchObject({ status: "idle", error: null });
    expect(replyOf(owner)).toMatch(/^Once upon a time/);
    expect(agent.requests.some((r) => r.path.includes("/stop/"))).toBe(false);
  });

  it("loads as a chunk of its own: createTransport answers a promise for websocket, the AG-UI transport at once without", async () => {
    expect(createTransport({ url: "http://x/" })).not.toBeInstanceOf(Promise);
    const transport = createTransport({ url: "http://x/", websocket: true });
    expect(transport).toBeInstanceOf(Promise);
    expect((await transport).resumable).toBe(true);
  });
});

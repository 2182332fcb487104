import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { startMockAgent } from "./server";
import { post, user } from "./test/http";
import type { MockAgent, Script } from "./types";

let agent: MockAgent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});
const serve = async (scenario?: Script) => (agent = await startMockAgent(scenario ? { scenario } : {}));
const body = JSON.stringify({ threadId: "t", runId: "r", messages: [] });

describe("startMockAgent", () => {
  it("plays a custom script verbatim, adding only missing timestamps", async () => {
    const a = await serve(() => [{ type: "RUN_STARTED", threadId: "t", runId: "r", timestamp: 1 }, { type: "NOT_A_REAL_EVENT", weird: true }]);
    const events = await post(a.url, {});
    expect(events[0]).toEqual({ type: "RUN_STARTED", threadId: "t", runId: "r", timestamp: 1 });
    expect(events[1]).toMatchObject({ type: "NOT_A_REAL_EVENT", weird: true, timestamp: expect.any(Number) });
  });

  it("answers a plain reply with its status and JSON body", async () => {
    const a = await serve(() => ({ status: 500, body: { error: "boom" } }));
    const response = await fetch(a.url, { method: "POST", body });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: "boom" });
  });

  it("writes raw bytes and can drop the connection mid-stream", async () => {
    const a = await serve(() => [{ raw: "data: {broken\n\n" }, { delay: 5 }, { drop: true }]);
    const response = await fetch(a.url, { method: "POST", body });
    await expect(response.text()).rejects.toThrow();
  });

  it("ends the response when the script ends, terminal event or not", async () => {
    const a = await serve((input) => [{ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId }]);
    expect((await post(a.url, {})).map((e) => e.type)).toEqual(["RUN_STARTED"]);
  });

  it("streams protobuf when the client asks for it", async () => {
    const a = await serve();
    const response = await fetch(`${a.baseUrl}/agentic-chat`, {
      method: "POST",
      headers: { accept: "application/vnd.ag-ui.event+proto" },
      body: JSON.stringify({ threadId: "t", runId: "r", messages: [user("hi")] }),
    });
    expect(response.headers.get("content-type")).toBe("application/vnd.ag-ui.event+proto");
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(20);
  });

  it("answers CORS preflights and adds CORS headers", async () => {
    const a = await serve();
    const preflight = await fetch(a.url, { method: "OPTIONS", headers: { origin: "http://localhost:5173", "access-control-request-method": "POST" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    const response = await fetch(`${a.baseUrl}/health`);
    expect(await response.text()).toBe("ok");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("answers unknown paths with 404 and bodies that are not JSON with 400", async () => {
    const a = await serve();
    const missing = await fetch(`${a.baseUrl}/no-such-scenario`, { method: "POST", body });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: expect.stringContaining("/no-such-scenario") });
    const bad = await fetch(a.url, { method: "POST", body: "{nope" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: expect.any(String) });
  });

  it("records requests and keeps each thread's history", async () => {
    const seen: Array<{ history: string[]; index: number }> = [];
    const a = await serve((input, ctx) => {
      seen.push({ history: ctx.history.map((m) => `${m.role}:${typeof m.content === "string" ? m.content : ""}`), index: ctx.requestIndex });
      return [{ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId }, { type: "TEXT_MESSAGE_START", messageId: `a${ctx.requestIndex}`, role: "assistant" }, { type: "TEXT_MESSAGE_CONTENT", messageId: `a${ctx.requestIndex}`, delta: "hi" }, { type: "TEXT_MESSAGE_END", messageId: `a${ctx.requestIndex}` }, { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId }];
    });
    await post(a.url, { threadId: "one", messages: [user("first", "u1")] });
    await post(a.url, { threadId: "one", messages: [user("first", "u1"), user("second", "u2")] });
    await post(a.url, { threadId: "two", messages: [user("other", "u3")] });
    expect(seen).toEqual([
      { history: [], index: 0 },
      { history: ["user:first", "assistant:hi"], index: 1 },
      { history: [], index: 0 },
    ]);
    expect(a.requests.map((r) => (r.body as { threadId: string }).threadId)).toEqual(["one", "one", "two"]);
  });

  it("stops a script when the client goes away, and keeps serving", async () => {
    let aborted = false;
    const a = await serve(async function* (input, ctx) {
      yield { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId };
      while (!ctx.signal.aborted) yield { delay: 5 };
      aborted = true;
    });
    const controller = new AbortController();
    const response = await fetch(a.url, { method: "POST", body, signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await expect.poll(() => aborted).toBe(true);
    expect((await fetch(`${a.baseUrl}/health`)).status).toBe(200);
  });
});

describe("tandem-mock CLI", () => {
  it("starts, lists the scenarios and answers /health", async () => {
    const bin = fileURLToPath(new URL("../bin/tandem-mock.mjs", import.meta.url));
    const port = 40000 + Math.floor(Math.random() * 20000);
    const child = spawn(process.execPath, [bin, "--port", String(port)], { stdio: ["ignore", "pipe", "pipe"] });
    try {
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      await expect.poll(() => output, { timeout: 15_000 }).toContain("human-in-the-loop");
      expect(output).toContain(`Mock agent on http://127.0.0.1:${port}`);
      expect(await (await fetch(`http://127.0.0.1:${port}/health`)).text()).toBe("ok");
    } finally {
      child.kill("SIGTERM");
    }
  }, 20_000);
});

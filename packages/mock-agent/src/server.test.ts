import { afterEach, describe, expect, it } from "vitest";
import { startMockAgent } from "./server.js";
import { decodeProto, parseSse, post, request, user } from "./test/http.js";
import type { MockAgent, MockAgentOptions, Script } from "./types.js";

let agent: MockAgent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});
const serve = async (scenario?: Script, options: MockAgentOptions = {}) =>
  (agent = await startMockAgent({ ...options, ...(scenario && { scenario }) }));
const started = { type: "RUN_STARTED", threadId: "t", runId: "r" };

describe("startMockAgent", () => {
  it("listens on a free local port and plays agentic-chat at its url by default", async () => {
    const a = await serve();
    expect(a.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(a.url).toBe(`${a.baseUrl}/`);
    const response = await request(a.url, { messages: [user("count down")] });
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(
      parseSse(await response.text())
        .map((e) => e.delta ?? "")
        .join(""),
    ).toContain("10 9 8");
  });

  it("plays a custom script verbatim, adding only missing timestamps", async () => {
    const a = await serve(() => [
      { ...started, timestamp: 1 },
      { type: "NOT_A_REAL_EVENT", weird: true, nothing: null },
    ]);
    const events = await post(a.url);
    expect(events[0]).toEqual({ ...started, timestamp: 1 });
    expect(events[1]).toEqual({ type: "NOT_A_REAL_EVENT", weird: true, nothing: null, timestamp: expect.any(Number) });
  });

  it("plays a named scenario at /{name} whatever its own scenario is", async () => {
    const a = await serve(() => [started]);
    const events = await post(`${a.baseUrl}/interrupt`, { messages: [user("book")] });
    expect(events.at(-1)!.outcome.type).toBe("interrupt");
  });

  it("answers a plain reply with its status, headers and body", async () => {
    const a = await serve((input) =>
      input.threadId === "json"
        ? { status: 500, body: { error: "boom" } }
        : { status: 429, headers: { "retry-after": "1" }, body: "slow down" },
    );
    const failed = await request(a.url, { threadId: "json" });
    expect(failed.status).toBe(500);
    expect(failed.headers.get("content-type")).toBe("application/json");
    expect(await failed.json()).toEqual({ error: "boom" });
    const limited = await request(a.url, { threadId: "text" });
    expect([limited.status, limited.headers.get("retry-after"), await limited.text()]).toEqual([429, "1", "slow down"]);
    expect(limited.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("answers 500 with a JSON error when the script throws", async () => {
    const a = await serve(() => {
      throw new Error("script failed");
    });
    const response = await request(a.url);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: "script failed" });
  });

  it("writes raw bytes as they are", async () => {
    const a = await serve(() => [started, { raw: "data: {broken\n\n" }, { raw: ": comment\n\n" }]);
    const text = await (await request(a.url)).text();
    expect(text).toMatch(/^id: 1\ndata: \{"type":"RUN_STARTED".*\}\n\ndata: \{broken\n\n: comment\n\n$/);
  });

  it("drops the connection mid-stream, after what was already written", async () => {
    const a = await serve(() => [started, { drop: true }, { type: "NEVER_SENT" }]);
    const reader = (await request(a.url)).body!.getReader();
    let received = "";
    const error = await (async () => {
      try {
        for (let r = await reader.read(); !r.done; r = await reader.read()) received += new TextDecoder().decode(r.value);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(Error);
    expect(parseSse(received)).toEqual([expect.objectContaining(started)]);
  });

  it("ends the response when the script ends, terminal event or not", async () => {
    const a = await serve(async function* (input) {
      yield { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId };
      yield { delay: 5 };
      yield { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" };
    });
    expect((await post(a.url)).map((e) => e.type)).toEqual(["RUN_STARTED", "TEXT_MESSAGE_START"]);
  });

  it("waits for delays", async () => {
    const a = await serve(() => [started, { delay: 60 }, { type: "RUN_FINISHED", threadId: "t", runId: "r" }]);
    const begin = Date.now();
    await post(a.url);
    expect(Date.now() - begin).toBeGreaterThanOrEqual(50);
  });

  it("streams protobuf when the Accept header asks for it", async () => {
    const a = await serve();
    const response = await request(
      `${a.baseUrl}/backend-tool-rendering`,
      { runId: "r", messages: [user("weather in Oslo")] },
      { accept: "application/vnd.ag-ui.event+proto" },
    );
    expect(response.headers.get("content-type")).toBe("application/vnd.ag-ui.event+proto");
    const events = decodeProto(await response.arrayBuffer());
    expect(events[0]).toMatchObject({ type: "RUN_STARTED", threadId: "t", runId: "r" });
    expect(events.find((e) => e.type === "TOOL_CALL_START")).toMatchObject({ toolCallName: "get_weather" });
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED" });
  });

  it("keeps SSE when the client refuses protobuf", async () => {
    const a = await serve();
    const response = await request(
      a.url,
      { messages: [user("hi")] },
      { accept: "application/vnd.ag-ui.event+proto;q=0, text/event-stream" },
    );
    expect(response.headers.get("content-type")).toBe("text/event-stream");
  });

  it("answers CORS preflights and adds CORS headers to every response", async () => {
    const a = await serve();
    const preflight = await fetch(a.url, {
      method: "OPTIONS",
      headers: {
        origin: "http://localhost:5173",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/\*.*content-type.*authorization/);
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    const health = await fetch(`${a.baseUrl}/health`);
    expect([health.status, await health.text(), health.headers.get("access-control-allow-origin")]).toEqual([200, "ok", "*"]);
    const stream = await request(a.url, { messages: [user("hi")] });
    expect(stream.headers.get("access-control-allow-origin")).toBe("*");
    await stream.text();
  });

  it("answers unknown paths with 404 and bodies that are not JSON with 400, as JSON errors", async () => {
    const a = await serve();
    const body = JSON.stringify({ threadId: "t", runId: "r", messages: [] });
    for (const [method, path] of [
      ["POST", "/no-such-scenario"],
      ["POST", "/constructor"],
      ["GET", "/"],
      ["GET", "/nothing"],
      ["DELETE", "/"],
    ] as const) {
      const response = await fetch(`${a.baseUrl}${path}`, { method, ...(method === "POST" && { body }) });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toEqual({ error: expect.stringContaining(path) });
    }
    for (const bad of ["{nope", "", "42", JSON.stringify({ messages: [] })]) {
      const response = await fetch(a.url, { method: "POST", body: bad });
      expect(response.status, bad).toBe(400);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    }
  });

  it("records every request", async () => {
    const a = await serve();
    await fetch(`${a.baseUrl}/health`);
    await fetch(a.url, { method: "POST", headers: { authorization: "Bearer x" }, body: "{nope" });
    await post(`${a.baseUrl}/agentic-chat`, { threadId: "rec", messages: [user("hi")] });
    expect(a.requests.map(({ method, path }) => `${method} ${path}`)).toEqual(["GET /health", "POST /", "POST /agentic-chat"]);
    expect(a.requests[1]).toMatchObject({ headers: { authorization: "Bearer x" }, body: "{nope" });
    expect(a.requests[2]!.body).toMatchObject({ threadId: "rec", messages: [{ content: "hi" }] });
  });

  it("keeps each thread's history: the client's messages by id, then what the server streamed", async () => {
    const seen: Array<{ thread: string; history: string[]; index: number }> = [];
    const a = await serve((input, ctx) => {
      seen.push({ thread: input.threadId, history: ctx.history.map(show), index: ctx.requestIndex });
      return [started];
    });
    const show = (m: { role: string; content?: unknown; toolCalls?: Array<{ function: { name: string; arguments: string } }> }) =>
      `${m.role}:${m.toolCalls ? m.toolCalls.map((c) => `${c.function.name}(${c.function.arguments})`).join() : typeof m.content === "string" ? m.content.slice(0, 15) : ""}`;

    await post(`${a.baseUrl}/backend-tool-rendering`, { threadId: "one", messages: [user("weather in Rome", "u1")] });
    await post(a.url, { threadId: "one", messages: [user("edited", "u1"), user("second", "u2")] });
    await post(a.url, { threadId: "two", messages: [user("other", "u3")] });
    await post(a.url, { threadId: "one", messages: [] });
    expect(seen).toEqual([
      {
        thread: "one",
        index: 1,
        history: [
          "user:weather in Rome",
          'assistant:get_weather({"location":"Rome"})',
          'tool:{"city":"Rome",',
          "assistant:It is 21°C and ",
        ],
      },
      { thread: "two", index: 0, history: [] },
      {
        thread: "one",
        index: 2,
        history: [
          "user:edited",
          'assistant:get_weather({"location":"Rome"})',
          'tool:{"city":"Rome",',
          "assistant:It is 21°C and ",
          "user:second",
        ],
      },
    ]);
  });

  it("stops a script when the client goes away and does not come back within resumeWindowMs, and keeps serving", async () => {
    let aborted = false;
    const a = await serve(
      async function* (input, ctx) {
        yield { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId };
        while (!ctx.signal.aborted) yield { delay: 5 };
        aborted = true;
      },
      { resumeWindowMs: 0 },
    );
    const controller = new AbortController();
    const response = await fetch(a.url, {
      method: "POST",
      body: JSON.stringify({ threadId: "t", runId: "r", messages: [] }),
      signal: controller.signal,
    });
    await response.body!.getReader().read();
    controller.abort();
    await expect.poll(() => aborted).toBe(true);
    expect((await fetch(`${a.baseUrl}/health`)).status).toBe(200);
  });

  it("survives a client that goes away in the middle of a paced scenario", async () => {
    const a = await serve(undefined, { tokenDelayMs: 5 });
    const response = await request(`${a.baseUrl}/agentic-chat`, { messages: [user("tell me a long story")] });
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(said(await post(`${a.baseUrl}/agentic-chat`, { messages: [user("count")] }))).toContain("✓");
  });

  it("close() ends open streams", async () => {
    const a = await serve(async function* (input, ctx) {
      yield { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId };
      while (!ctx.signal.aborted) yield { delay: 5 };
    });
    const reader = (await request(a.url)).body!.getReader();
    await reader.read();
    await a.close();
    agent = undefined;
    await expect(reader.read()).rejects.toThrow();
  });
});

function said(events: Array<Record<string, unknown>>): string {
  return events
    .filter((e) => e.type === "TEXT_MESSAGE_CONTENT")
    .map((e) => e.delta)
    .join("");
}

import { afterEach, describe, expect, it } from "vitest";
import { startMockAgent } from "./server.js";
import { parseSse, post, request, user } from "./test/http.js";
import type { MockAgent, MockAgentOptions, Script } from "./types.js";

let agent: MockAgent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});
const serve = async (options: MockAgentOptions) => (agent = await startMockAgent(options));

/** A run that streams a token every 5 ms until it has sent `tokens` of them, then finishes. */
const slow = (tokens: number): Script =>
  async function* (input) {
    yield { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId };
    yield { type: "TEXT_MESSAGE_START", messageId: `m-${input.runId}`, role: "assistant" };
    for (let i = 0; i < tokens; i++) {
      yield { type: "TEXT_MESSAGE_CONTENT", messageId: `m-${input.runId}`, delta: `${i} ` };
      yield { delay: 5 };
    }
    yield { type: "TEXT_MESSAGE_END", messageId: `m-${input.runId}` };
    yield { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId };
  };

/** Starts a run on the thread, reads its first bytes, then goes away as a client pressing Stop does. */
async function startAndLeave(url: string, threadId: string): Promise<void> {
  const controller = new AbortController();
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ threadId, runId: "first", messages: [user("go")] }),
    signal: controller.signal,
  });
  await response.body!.getReader().read();
  controller.abort();
}

const stop = (a: MockAgent, threadId: string, agentId = "default", body?: string) =>
  fetch(`${a.baseUrl}/agent/${agentId}/stop/${encodeURIComponent(threadId)}`, {
    method: "POST",
    ...(body !== undefined && { headers: { "content-type": "application/json" }, body }),
  });

describe("busy-thread mode (busyThreads: true), like CopilotKit's runtime", () => {
  it("answers a second run on a thread whose run goes on with an empty event stream, until the run is stopped", async () => {
    const a = await serve({ busyThreads: true, scenario: slow(10_000) });
    await startAndLeave(a.url, "busy");

    const empty = await request(a.url, { threadId: "busy", runId: "second", messages: [user("again")] });
    expect(empty.status).toBe(200);
    expect(empty.headers.get("content-type")).toBe("text/event-stream");
    expect(empty.headers.get("access-control-allow-origin")).toBe("*");
    expect(await empty.text()).toBe("");

    // Other threads are not affected.
    expect((await post(`${a.baseUrl}/agentic-chat`, { threadId: "other", messages: [user("hi")] })).at(-1)!.type).toBe("RUN_FINISHED");

    const stopped = await stop(a, "busy");
    expect(stopped.status).toBe(200);
    expect(stopped.headers.get("access-control-allow-origin")).toBe("*");
    expect(await stopped.json()).toEqual({ stopped: true });

    const reader = (await request(a.url, { threadId: "busy", runId: "third", messages: [user("again")] })).body!.getReader();
    expect(parseSse(new TextDecoder().decode((await reader.read()).value))[0]).toMatchObject({ type: "RUN_STARTED", runId: "third" });
    await reader.cancel();
  });

  it("keeps running after the client leaves, and frees the thread when the run ends on its own", async () => {
    const a = await serve({ busyThreads: true, scenario: slow(20) });
    await startAndLeave(a.url, "finishes");
    expect(await (await request(a.url, { threadId: "finishes" })).text()).toBe("");
    // The run went on without its client: the server kept what it streamed, to the end.
    await expect
      .poll(async () => (await request(a.url, { threadId: "finishes", runId: "later" })).text(), { timeout: 5_000, interval: 20 })
      .toContain('"RUN_STARTED"');
    const requests = a.requests.filter((r) => r.method === "POST");
    expect(requests.length).toBeGreaterThanOrEqual(3);
  });

  it("a stop request ends a run whose client is still reading, without a terminal event", async () => {
    const a = await serve({ busyThreads: true, scenario: slow(10_000) });
    const response = await request(a.url, { threadId: "reading" });
    const reader = response.body!.getReader();
    await reader.read();
    expect(await (await stop(a, "reading", "agentic-chat")).json()).toEqual({ stopped: true });
    let text = "";
    for (let r = await reader.read(); !r.done; r = await reader.read()) text += new TextDecoder().decode(r.value);
    expect(text).not.toContain("RUN_FINISHED");
  });

  it("refuses a stop request whose body is not `{runId}` with 400, as CopilotKit's runtime does, and the run goes on", async () => {
    const a = await serve({ busyThreads: true, scenario: slow(10_000) });
    await startAndLeave(a.url, "strict");
    const refused = [
      JSON.stringify({ threadId: "strict", runId: "first", agentId: "default" }),
      JSON.stringify({ runId: "first", extra: 1 }),
      JSON.stringify(["first"]),
      JSON.stringify("first"),
      "{not json",
    ];
    for (const body of refused) {
      const response = await stop(a, "strict", "default", body);
      expect([body, response.status, await response.json()]).toEqual([body, 400, { error: "Invalid stop request" }]);
    }
    for (const runId of ["", "  ", 7]) {
      const response = await stop(a, "strict", "default", JSON.stringify({ runId }));
      expect([runId, response.status, await response.json()]).toEqual([runId, 400, { error: "Invalid runId" }]);
    }
    // Not the running run: nothing stopped.
    expect(await (await stop(a, "strict", "default", JSON.stringify({ runId: "other" }))).json()).toEqual({
      stopped: false,
      message: "Run 'other' is not the active run for thread 'strict'.",
    });
    // None of these stopped the run: the thread is still busy.
    expect(await (await request(a.url, { threadId: "strict", runId: "second" })).text()).toBe("");

    expect(await (await stop(a, "strict", "default", JSON.stringify({ runId: "first" }))).json()).toEqual({ stopped: true });
    const reader = (await request(a.url, { threadId: "strict", runId: "third" })).body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('"RUN_STARTED"');
    await reader.cancel();
  });

  it("says when there is nothing to stop", async () => {
    const a = await serve({ busyThreads: true });
    const response = await stop(a, "idle thread/with slash");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ stopped: false, message: "No active run for thread 'idle thread/with slash'." });
    const preflight = await fetch(`${a.baseUrl}/agent/x/stop/t`, { method: "OPTIONS" });
    expect([preflight.status, preflight.headers.get("access-control-allow-methods")]).toEqual([204, expect.stringContaining("POST")]);
  });
});

describe("the default mode", () => {
  it("ends a run when its client leaves, so the next run on the thread streams at once", async () => {
    const a = await serve({ scenario: slow(10_000) });
    await startAndLeave(a.url, "free");
    const response = await request(a.url, { threadId: "free", runId: "next" });
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('"RUN_STARTED"');
    await reader.cancel();
  });

  it("stops a run on request too", async () => {
    const a = await serve({ scenario: slow(10_000) });
    const response = await request(a.url, { threadId: "t1" });
    const reader = response.body!.getReader();
    await reader.read();
    expect(await (await stop(a, "t1")).json()).toEqual({ stopped: true });
    for (let r = await reader.read(); !r.done; r = await reader.read());
    expect(await (await stop(a, "t1")).json()).toMatchObject({ stopped: false });
  });
});

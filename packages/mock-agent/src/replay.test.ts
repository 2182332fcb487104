import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { firstDifference, type Recording } from "./replay.js";
import { startMockAgent } from "./server.js";
import type { MockAgent } from "./types.js";

const bin = fileURLToPath(new URL("../bin/tandem-mock.mjs", import.meta.url));

const input = (content: string, extra: object = {}) => ({
  threadId: "t1",
  runId: "r1",
  messages: [{ id: "m1", role: "user" as const, content }],
  tools: [],
  context: [],
  state: { n: 1 },
  forwardedProps: {},
  ...extra,
});

const recording: Recording = {
  version: 1,
  runs: [
    {
      protocol: "ag-ui",
      path: "/my/agent",
      input: input("hello"),
      events: [
        { t: 0, event: { type: "RUN_STARTED", threadId: "old", runId: "old" } },
        { t: 5, event: { type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" } },
        { t: 10, event: { type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "Hi" } },
        { t: 150, event: { type: "TEXT_MESSAGE_END", messageId: "a1" } },
        { t: 160, event: { type: "RUN_FINISHED", threadId: "old", runId: "old" } },
      ],
    },
  ],
};

const agents: MockAgent[] = [];
afterAll(() => Promise.all(agents.map((a) => a.close())));

const post = (url: string, body: object) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const events = (text: string) => [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]!));

describe("replaying a recording", () => {
  it("serves the recorded run at its path, with the request's own ids, ignoring ids and runId", async () => {
    const agent = await startMockAgent({ recording });
    agents.push(agent);
    const response = await post(
      `${agent.baseUrl}/my/agent`,
      input("hello", { threadId: "t2", runId: "r2", messages: [{ id: "x", role: "user", content: "hello" }] }),
    );
    expect(response.status).toBe(200);
    const sent = events(await response.text());
    expect(sent.map((e) => e.type)).toEqual([
      "RUN_STARTED",
      "TEXT_MESSAGE_START",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_END",
      "RUN_FINISHED",
    ]);
    expect(sent[0]).toMatchObject({ threadId: "t2", runId: "r2" });
  });

  it("answers 409 naming the first difference: a message, the state, the path", async () => {
    for (const [body, at, error] of [
      [input("hullo"), "/my/agent", 'messages[0].content: expected "hello", got "hullo"'],
      [input("hello", { state: { n: 2 } }), "/my/agent", "state.n: expected 1, got 2"],
      [input("hello"), "/other", 'path: expected "/my/agent", got "/other"'],
    ] as const) {
      const agent = await startMockAgent({ recording });
      agents.push(agent);
      const response = await post(`${agent.baseUrl}${at}`, body);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ error: `Replay, run 1: ${error}` });
    }
  });

  it("keeps the original timing when asked", async () => {
    const agent = await startMockAgent({ recording, timing: true });
    agents.push(agent);
    const started = performance.now();
    await (await post(`${agent.baseUrl}/my/agent`, input("hello"))).text();
    expect(performance.now() - started).toBeGreaterThanOrEqual(150);
  });

  it("refuses a recording of another version", async () => {
    await expect(startMockAgent({ recording: { version: 2, runs: [] } })).rejects.toThrow(/version 2/);
  });

  it("names extra and missing entries", () => {
    expect(firstDifference([1], [1, 2], "a")).toBe("a[1]: expected nothing, got 2");
    expect(firstDifference({ x: "1" }, {}, "s")).toBe('s.x: expected "1", got nothing');
  });

  it("tandem-mock --replay serves the file on the port given and prints its URL", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "tandem-replay-"));
    const file = path.join(dir, "recording.json");
    writeFileSync(file, JSON.stringify(recording));
    const child = spawn(process.execPath, [bin, "--replay", file, "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
    try {
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      await expect.poll(() => output, { timeout: 15_000 }).toContain("/my/agent");
      const baseUrl = output.match(/^Mock agent on (http:\/\/127\.0\.0\.1:\d+) \(replaying/m)?.[1];
      expect(output).toContain(`  POST ${baseUrl}/my/agent`);
      const response = await post(`${baseUrl}/my/agent`, input("hello"));
      expect(events(await response.text()).at(-1)).toMatchObject({ type: "RUN_FINISHED" });
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      expect((await exited)[0]).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  }, 20_000);
});

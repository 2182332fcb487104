import http from "node:http";
import type { AddressInfo } from "node:net";
import { type AbstractAgent, HttpAgent } from "@ag-ui/client";
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { afterEach, describe, expect, it } from "vitest";
import { scenarios } from "../scenarios/index.js";
import { startMockAgent } from "../server.js";
import { input, parseSse, readAll, request, sseIds } from "../test/http.js";
import type { MockAgent, MockAgentOptions } from "../types.js";
import { resumableRuns } from "./index.js";

let agent: MockAgent | undefined;
let server: http.Server | undefined;
afterEach(async () => {
  await agent?.close();
  server?.close();
  server?.closeAllConnections();
  agent = server = undefined;
});

const serve = async (options: MockAgentOptions = {}) => (agent = await startMockAgent(options));
const story = { messages: [{ id: "u", role: "user" as const, content: "tell me a story" }] };

const said = (text: string) =>
  parseSse(text)
    .filter((e) => e.type === "TEXT_MESSAGE_CONTENT")
    .map((e) => e.delta)
    .join("");

describe("the mock agent's resumable streams", () => {
  it("gives every event of every scenario an id, increasing within the run", async () => {
    const a = await serve();
    for (const name of Object.keys(scenarios)) {
      const text = await (await request(`${a.baseUrl}/${name}`, { runId: `r-${name}`, ...story })).text();
      const ids = sseIds(text).map(Number);
      expect(ids.length, name).toBe(parseSse(text).length);
      expect(ids, name).toEqual(ids.map((_, i) => i + 1));
    }
  });

  it("--drop-after cuts each response after N events, and Last-Event-ID reads on: every event once", async () => {
    const a = await serve({ dropAfter: 12, tokenDelayMs: 1 });
    let text = await readAll(await request(`${a.baseUrl}/agentic-chat`, { runId: "cut", ...story }));
    expect(parseSse(text)).toHaveLength(12);
    let all = text;
    for (let tries = 0; !parseSse(all).some((e) => e.type === "RUN_FINISHED") && tries < 100; tries++) {
      text = await readAll(
        await request(`${a.baseUrl}/agentic-chat`, { runId: "cut", ...story }, { "last-event-id": sseIds(all).at(-1)! }),
      );
      all += text;
    }
    expect(sseIds(all).map(Number)).toEqual(sseIds(all).map((_, i) => i + 1));
    expect(said(all)).toMatch(/^Once upon a time, in a city of glass towers .* learned to work together\.$/);
  });

  it("joins a run at GET /resume/:threadId/:runId with Last-Event-ID", async () => {
    const a = await serve({ dropAfter: 3 });
    const first = await readAll(await request(`${a.baseUrl}/agentic-chat`, { runId: "joined", messages: [] }));
    const rest = await readAll(await fetch(`${a.baseUrl}/resume/t/joined`, { headers: { "last-event-id": "3" } }));
    expect(sseIds(first)).toEqual(["1", "2", "3"]);
    expect(sseIds(rest)).toEqual(["4", "5", "6"]);
  });

  it("finds no run through another thread: a resume or join naming its runId under another thread is 404", async () => {
    const a = await serve({ dropAfter: 3 });
    await readAll(await request(`${a.baseUrl}/agentic-chat`, { threadId: "mine", runId: "shared", messages: [] }));
    const resumed = await request(
      `${a.baseUrl}/agentic-chat`,
      { threadId: "other", runId: "shared", messages: [] },
      { "last-event-id": "3" },
    );
    const joined = await fetch(`${a.baseUrl}/resume/other/shared`, { headers: { "last-event-id": "3" } });
    expect([resumed.status, joined.status]).toEqual([404, 404]);
    const own = await fetch(`${a.baseUrl}/resume/mine/shared`, { headers: { "last-event-id": "3" } });
    expect(sseIds(await readAll(own))).toEqual(["4", "5", "6"]);
  });

  it("answers 404 for a run or event it does not hold", async () => {
    const a = await serve();
    const unknown = await request(a.url, { runId: "never" }, { "last-event-id": "4" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: expect.stringContaining("never") });
  });
});

/** A Node server that answers each POST with `resumableRuns().handle` over `events`. */
async function nodeServer(source: () => AsyncIterable<BaseEvent> | AbstractAgent, dropAfterBytes?: number): Promise<string> {
  const runs = resumableRuns();
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString()) as RunAgentInput;
    if (dropAfterBytes && !req.headers["last-event-id"]) {
      let sent = 0;
      const write = res.write.bind(res);
      res.write = ((chunk: string) => {
        sent += chunk.length;
        const ok = write(chunk);
        if (sent > dropAfterBytes) write("", () => req.socket.destroy());
        return ok;
      }) as typeof res.write;
    }
    await runs.handle(req, res, body, source);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/`;
}

const wordsOf = (runId: string, words: string[]): BaseEvent[] => [
  { type: "RUN_STARTED", threadId: "t", runId } as BaseEvent,
  { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" } as BaseEvent,
  ...words.map((delta) => ({ type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta }) as BaseEvent),
  { type: "TEXT_MESSAGE_END", messageId: "m" } as BaseEvent,
  { type: "RUN_FINISHED", threadId: "t", runId } as BaseEvent,
];

describe("resumableRuns from the deprecated @tandem/mock-agent/resumable (now @tandem/server's)", () => {
  const words = Array.from({ length: 40 }, (_, i) => `w${i} `);

  it("makes an async iterable of events resumable: a dropped response, then the rest after Last-Event-ID", async () => {
    const url = await nodeServer(async function* () {
      for (const event of wordsOf("r", words)) {
        yield event;
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    }, 400);
    const first = await readAll(await request(url, input()));
    expect(parseSse(first).length).toBeLessThan(words.length);
    const rest = await (await request(url, input(), { "last-event-id": sseIds(first).at(-1)! })).text();
    expect(said(first + rest)).toBe(words.join(""));
    expect(parseSse(first + rest).at(-1)?.type).toBe("RUN_FINISHED");
  });

  it("wraps an AbstractAgent (here @ag-ui/client's HttpAgent in front of another server): its run's events, each with an id", async () => {
    const upstream = await serve();
    const url = await nodeServer(() => new HttpAgent({ url: `${upstream.baseUrl}/agentic-chat` }));
    const text = await (await request(url, input({ runId: "agent-run", messages: [{ id: "u", role: "user", content: "count" }] }))).text();
    expect(said(text)).toBe("Counting down: 10 9 8 7 6 5 4 3 2 1 ✓");
    expect(sseIds(text)).toEqual(parseSse(text).map((_, i) => String(i + 1)));
  });

  it("answers 404 to a resume of a run it does not hold", async () => {
    const url = await nodeServer(async function* () {});
    const response = await request(url, input({ runId: "gone" }), { "last-event-id": "7" });
    expect(response.status).toBe(404);
  });
});

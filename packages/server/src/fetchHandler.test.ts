import { describe, expect, it } from "vitest";
import { agentFetchHandler } from "./fetchHandler.js";
import { resumableRuns } from "./resumableRuns.js";
import { paced, parseSse, said, until, wordsOf } from "./test/http.js";

const words = Array.from({ length: 30 }, (_, i) => `w${i} `);
const handlerOf = (maxBodyBytes?: number) => {
  const runs = resumableRuns<Request>({ authorize: () => true, idleMs: 50 });
  const handler = agentFetchHandler({
    runs,
    source: (input) => paced(wordsOf(words, input.threadId, input.runId), 5),
    ...(maxBodyBytes !== undefined && { maxBodyBytes }),
  });
  return { runs, handler };
};
const start = (body: unknown, headers: Record<string, string> = {}) =>
  new Request("http://local/agent", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

describe("agentFetchHandler", () => {
  it("streams a run, resumes it after Last-Event-ID, and joins it at the join path", async () => {
    const { runs, handler } = handlerOf();
    const whole = await (await handler(start({ threadId: "t", runId: "r" }))).text();
    expect(said(whole)).toBe(words.join(""));
    const resumed = await (await handler(start({ threadId: "t", runId: "r" }, { "last-event-id": "3" }))).text();
    expect(parseSse(resumed)).toEqual(parseSse(whole).slice(3));
    const joined = await handler(new Request("http://local/resume/t/r"));
    expect(await joined.text()).toBe(whole);
    await runs.close();
  });

  it("answers 400, 405 and 413 with a reason, reading no further than the cap", async () => {
    const { runs, handler } = handlerOf(1024);
    expect((await handler(new Request("http://local/agent", { method: "POST", body: "{" }))).status).toBe(400);
    expect((await handler(new Request("http://local/agent", { method: "PUT", body: "{}" }))).status).toBe(405);
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(512));
      },
    });
    const big = new Request("http://local/agent", { method: "POST", body: endless, duplex: "half" } as RequestInit);
    const answer = await handler(big);
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({ error: expect.stringMatching(/larger than 1024 bytes/) });
    expect(pulled).toBeLessThan(10);
    await runs.close();
  });

  it("stops reading the run when the client cancels the body, and the run stops once idle", async () => {
    const { runs, handler } = handlerOf();
    const response = await handler(start({ threadId: "t", runId: "gone" }));
    const reader = response.body!.getReader();
    await reader.read();
    expect(runs.stats()).toEqual({ producing: 1, readers: 1 });
    await reader.cancel();
    await until(() => runs.stats().readers === 0 && runs.stats().producing === 0);
    await runs.close();
  });
});

import type { IncomingMessage } from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { agentHandler } from "./handler.js";
import { resumableRuns } from "./resumableRuns.js";
import { listen, post, readAll, said, wordsOf } from "./test/http.js";

const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

async function serve() {
  const runs = resumableRuns<IncomingMessage>({ authorize: () => true, onError: () => {} });
  const server = await listen(
    agentHandler({
      runs,
      source: (input) => wordsOf(["fine"], input.threadId, input.runId),
      maxBodyBytes: 10_000,
      headers: { "access-control-allow-origin": "*" },
    }),
  );
  closing.push(async () => {
    await runs.close();
    await server.close();
  });
  return server.url;
}

/** Sends raw bytes as an HTTP request; resolves to the status line's code. */
function raw(url: string, request: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(url).port), "127.0.0.1", () => socket.write(request));
    let text = "";
    socket.on("data", (data) => {
      text += data.toString();
      const status = /^HTTP\/1\.1 (\d+)/.exec(text);
      if (status) {
        resolve(Number(status[1]));
        socket.destroy();
      }
    });
    socket.on("error", reject);
  });
}

describe("agentHandler", () => {
  it("answers malformed requests with a 4xx and its reason, and keeps serving runs", async () => {
    const url = await serve();
    const postRaw = (body: string, headers: Record<string, string> = {}) =>
      fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
    const answers = [
      await postRaw("{not json"),
      await postRaw("[1,2]"),
      await postRaw("null"),
      await postRaw(JSON.stringify({ threadId: "t" })),
      await postRaw(JSON.stringify({ threadId: 1, runId: "r" })),
      await postRaw(JSON.stringify({ threadId: "", runId: "r" })),
      await postRaw(JSON.stringify({ threadId: "t", runId: "r", messages: "hi" })),
      await postRaw(JSON.stringify({ threadId: "t", runId: "x".repeat(600) })),
      await postRaw(JSON.stringify({ threadId: "t", runId: "r" }), { "last-event-id": "x".repeat(600) }),
      await fetch(`${url}/resume/%E0%A4%A/r`),
      await fetch(`${url}/anything`, { method: "DELETE" }),
      await postRaw("x".repeat(20_000)),
    ];
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 405, 413]);
    for (const answer of answers) {
      expect(answer.headers.get("access-control-allow-origin")).toBe("*");
      expect(await answer.json()).toEqual({ error: expect.any(String) });
    }
    expect(said(await readAll(await post(url, { runId: "after" })))).toBe("fine");
  });

  it("answers a declared body over the limit with 413 before reading it, and a request cut mid-body crashes nothing", async () => {
    const url = await serve();
    expect(await raw(url, "POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 999999999\r\n\r\n{")).toBe(413);
    const socket = net.connect(Number(new URL(url).port), "127.0.0.1");
    await new Promise((resolve) => socket.on("connect", resolve));
    socket.write('POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 500\r\n\r\n{"threadId":');
    socket.destroy();
    expect(said(await readAll(await post(url, { runId: "still" })))).toBe("fine");
  });

  it("answers 500 and tells onError why when a body parser read the body first, rather than blaming the client with a 400", async () => {
    const errors: unknown[] = [];
    const runs = resumableRuns<IncomingMessage>({ authorize: () => true });
    const agent = agentHandler({ runs, source: (input) => wordsOf(["fine"], input.threadId, input.runId), onError: (e) => errors.push(e) });
    // A JSON body parser mounted before the handler, as `app.use(express.json())` at the top of an Express app is.
    const server = await listen(async (req, res) => {
      for await (const _ of req);
      await agent(req, res);
    });
    closing.push(async () => {
      await runs.close();
      await server.close();
    });
    const answer = await post(server.url, { runId: "parsed" });
    expect([answer.status, await answer.json()]).toEqual([500, { error: "The server failed" }]);
    expect(errors).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/read before the handler.*Mount the handler before it/) }),
    ]);
  });

  it("answers OPTIONS with 204 and the configured headers", async () => {
    const url = await serve();
    const answer = await fetch(url, { method: "OPTIONS" });
    expect(answer.status).toBe(204);
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
  });
});

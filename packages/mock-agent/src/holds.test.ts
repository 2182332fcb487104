import { afterEach, describe, expect, it } from "vitest";
import { startMockAgent } from "./server.js";
import { parseSse, request } from "./test/http.js";
import type { MockAgent } from "./types.js";

let agent: MockAgent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});

const script = () => [
  { type: "RUN_STARTED", threadId: "t", runId: "r" },
  { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" },
  { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "a" },
  { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "b" },
  { type: "TEXT_MESSAGE_END", messageId: "m" },
  { type: "RUN_FINISHED", threadId: "t", runId: "r" },
];

/** Reads a streamed body until `done` says the text so far is enough. */
async function readUntil(body: ReadableStream<Uint8Array>, done: (text: string) => boolean) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!done(text)) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    text += decoder.decode(value, { stream: true });
  }
  return { text, reader, decoder };
}

describe("hold", () => {
  it("holds a stream right after the matched event until the test releases it", async () => {
    agent = await startMockAgent({ scenario: script });
    const hold = agent.hold({ type: "TEXT_MESSAGE_CONTENT", count: 2 });
    const response = await request(agent.url);
    await hold.reached;
    expect(hold.waiting).toBe(true);
    const { text, reader, decoder } = await readUntil(response.body!, (t) => parseSse(t).length === 4);
    // Everything up to the held event is there, nothing after it, while the hold lasts.
    expect(parseSse(text).map((e) => e.type)).toEqual([
      "RUN_STARTED",
      "TEXT_MESSAGE_START",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_CONTENT",
    ]);
    hold.release();
    let rest = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += decoder.decode(value, { stream: true });
    }
    expect(parseSse(rest).map((e) => e.type)).toEqual(["TEXT_MESSAGE_END", "RUN_FINISHED"]);
    expect(hold.waiting).toBe(false);
  });

  it("holds one stream once: the next run streams straight through", async () => {
    agent = await startMockAgent({ scenario: script });
    const hold = agent.hold((event) => event.type === "RUN_STARTED");
    const first = await request(agent.url);
    await hold.reached;
    hold.release();
    expect(parseSse(await first.text())).toHaveLength(6);
    expect(parseSse(await (await request(agent.url)).text())).toHaveLength(6);
  });

  it("does not keep the server from closing while a stream is held", async () => {
    agent = await startMockAgent({ scenario: script });
    const hold = agent.hold({ type: "RUN_STARTED" });
    const response = await request(agent.url);
    await hold.reached;
    const closing = agent.close();
    agent = undefined;
    await closing;
    // close() drops open connections, a held one too.
    await expect(response.text()).rejects.toThrow();
    expect(hold.waiting).toBe(false);
  });
});

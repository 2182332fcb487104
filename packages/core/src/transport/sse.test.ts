import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { AgentClient } from "../run/agentClient.js";
import { sync } from "../test/scripts.js";

/** A server that answers every run with these raw byte chunks, one per write. */
async function rawServer(chunks: (string | Uint8Array)[]): Promise<{ url: string; server: Server }> {
  const server = createServer(async (req, res) => {
    for await (const _ of req);
    res.writeHead(200, { "content-type": "text/event-stream" });
    for (const chunk of chunks) {
      res.write(chunk);
      await new Promise((r) => setTimeout(r, 2));
    }
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

let servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  servers = [];
});

const events = [
  { type: "RUN_STARTED", threadId: "t", runId: "r" },
  { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
  { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "Grüße, " },
  { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "🌍 world" },
  { type: "TEXT_MESSAGE_END", messageId: "m1" },
  { type: "RUN_FINISHED", threadId: "t", runId: "r" },
];
const json = events.map((e) => JSON.stringify(e));

async function transcript(chunks: (string | Uint8Array)[]) {
  const { url, server } = await rawServer(chunks);
  servers.push(server);
  const client = new AgentClient({ url, threadId: "t", schedule: sync });
  await client.sendMessage("hi");
  return { error: client.state.error, status: client.state.status, reply: client.state.messages.at(-1)?.content };
}

const expected = { error: null, status: "idle", reply: "Grüße, 🌍 world" };

/** Splits text into chunks of `size` bytes, cutting through UTF-8 characters. */
function bytes(text: string, size: number): Uint8Array[] {
  const all = new TextEncoder().encode(text);
  const out: Uint8Array[] = [];
  for (let i = 0; i < all.length; i += size) out.push(all.slice(i, i + size));
  return out;
}

describe("SSE read as the spec says", () => {
  it("reads LF frames", async () => {
    expect(await transcript(json.map((j) => `data: ${j}\n\n`))).toEqual(expected);
  });

  it("reads CRLF frames like LF ones", async () => {
    expect(await transcript(json.map((j) => `data: ${j}\r\n\r\n`))).toEqual(expected);
  });

  it("reads CR-only frames like LF ones", async () => {
    expect(await transcript(json.map((j) => `data: ${j}\r\r`))).toEqual(expected);
  });

  it("reads comments, event/id/retry fields, multi-line data and a BOM", async () => {
    const frames = json.map((j, i) => {
      const [head, ...rest] = j.split(",");
      return `: keep-alive\nevent: message\nid: ${i}\nretry: 1000\ndata: ${head},\ndata: ${rest.join(",")}\n\n`;
    });
    expect(await transcript([`\uFEFF${frames[0]}`, ...frames.slice(1)])).toEqual(expected);
  });

  it("reads frames split anywhere, inside a UTF-8 character too", async () => {
    expect(await transcript(bytes(json.map((j) => `data: ${j}\r\n\r\n`).join(""), 7))).toEqual(expected);
  });

  it("reports a frame that is not JSON as a protocol error, keeping the partial reply", async () => {
    const result = await transcript([...json.slice(0, 3).map((j) => `data: ${j}\n\n`), "data: {oops\n\n"]);
    expect(result.status).toBe("error");
    expect(result.error).toMatchObject({ kind: "protocol" });
    expect(result.error!.message).toMatch(/not JSON/);
    expect(result.reply).toBe("Grüße, ");
  });
});

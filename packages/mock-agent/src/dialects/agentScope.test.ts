import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ThreadHistory } from "../history.js";
import { pngImage } from "../png.js";
import { startMockAgent } from "../server.js";
import { type Event, parseSse } from "../test/http.js";
import type { MockAgent } from "../types.js";
import { agentScope } from "./agentScope.js";

const parse = (content: unknown[]) =>
  agentScope.parse(
    { input: [{ type: "message", role: "user", content }], session_id: "s" },
    { path: "/agentscope/agentic-chat/process", headers: {}, params: {}, history: new ThreadHistory() },
  ).messages;

describe("AgentScope requests with media content", () => {
  it("become AG-UI 1.0 parts: images, audio and files, with their bytes, URLs, ids and file names", () => {
    expect(
      parse([
        { type: "text", text: "look" },
        { type: "image", image_url: "data:image/png;base64,iVBORw0KGgo=" },
        { type: "image", image_url: "https://example.com/cat.jpg" },
        { type: "audio", data: "UklGRg==", format: "wav" },
        { type: "audio", data: "SUQz", format: "mp3" },
        { type: "file", file_data: "data:application/pdf;base64,JVBERi0=", filename: "a.pdf" },
        { type: "file", file_data: "aGk=", filename: "raw.bin" },
        { type: "file", file_url: "https://example.com/b.txt", filename: "b.txt" },
        { type: "file", file_id: "file-1" },
        { type: "file", file_data: "data:image/gif;base64,R0lG", filename: "c.gif" },
      ]),
    ).toEqual([
      {
        id: expect.any(String),
        role: "user",
        content: [
          { type: "text", text: "look" },
          { type: "image", source: { type: "data", value: "iVBORw0KGgo=", mimeType: "image/png" } },
          { type: "image", source: { type: "url", value: "https://example.com/cat.jpg" } },
          { type: "audio", source: { type: "data", value: "UklGRg==", mimeType: "audio/wav" } },
          { type: "audio", source: { type: "data", value: "SUQz", mimeType: "audio/mpeg" } },
          { type: "document", source: { type: "data", value: "JVBERi0=", mimeType: "application/pdf" }, metadata: { filename: "a.pdf" } },
          {
            type: "document",
            source: { type: "data", value: "aGk=", mimeType: "application/octet-stream" },
            metadata: { filename: "raw.bin" },
          },
          { type: "document", source: { type: "url", value: "https://example.com/b.txt" }, metadata: { filename: "b.txt" } },
          { type: "document", source: { type: "file", value: "file-1" } },
          { type: "image", source: { type: "data", value: "R0lG", mimeType: "image/gif" }, metadata: { filename: "c.gif" } },
        ],
      },
    ]);
  });

  it("stay plain text when they carry none", () => {
    expect(parse([{ type: "text", text: "hi" }])).toEqual([{ id: expect.any(String), role: "user", content: "hi" }]);
  });
});

describe("agentic-chat over AgentScope", () => {
  let agent: MockAgent;
  beforeAll(async () => {
    agent = await startMockAgent();
  });
  afterAll(() => agent.close());

  it("answers what the message carried", async () => {
    const photo = Buffer.from(pngImage(20, 10));
    const wav = Buffer.alloc(44, 1);
    const response = await fetch(`${agent.baseUrl}/agentscope/agentic-chat/process`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        input: [
          {
            type: "message",
            role: "user",
            content: [
              { type: "text", text: "what did I send?" },
              { type: "image", image_url: `data:image/png;base64,${photo.toString("base64")}` },
              { type: "audio", data: wav.toString("base64"), format: "wav" },
              { type: "file", file_data: `data:text/plain;base64,${Buffer.from("hello").toString("base64")}`, filename: "hello.txt" },
            ],
          },
        ],
        stream: true,
        session_id: "media",
        user_id: "u",
      }),
    });
    const frames: Event[] = parseSse(await response.text());
    const reply = frames.find((f) => f.object === "message" && f.status === "completed")?.content?.[0]?.text;
    expect(reply).toBe(
      `I received 3 attachments: unnamed (image, image/png, ${photo.length} bytes, 20×10 px); ` +
        "unnamed (audio, audio/wav, 44 bytes); hello.txt (document, text/plain, 5 bytes).",
    );
  });
});

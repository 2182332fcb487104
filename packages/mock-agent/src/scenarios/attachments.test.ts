import type { Message } from "@ag-ui/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pngImage } from "../png.js";
import { startMockAgent } from "../server.js";
import { calls, post, said, user } from "../test/http.js";
import type { MockAgent } from "../types.js";

let agent: MockAgent;
beforeAll(async () => {
  agent = await startMockAgent();
});
afterAll(() => agent.close());
const at = (name: string) => `${agent.baseUrl}/${name}`;

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
const inline = (type: string, bytes: Uint8Array, mimeType: string, filename?: string) => ({
  type,
  source: { type: "data", value: base64(bytes), mimeType },
  ...(filename !== undefined && { metadata: { filename } }),
});
const withParts = (...content: unknown[]): Message => ({ id: "u-parts", role: "user", content }) as Message;

/** A GIF's header: enough for an image reader to tell its size. */
const gif = (width: number, height: number) =>
  Buffer.concat([Buffer.from("GIF89a"), Buffer.from([width & 255, width >> 8, height & 255, height >> 8, 0, 0, 0]), Buffer.from(";")]);

describe("agentic-chat with attachments", () => {
  it("says the image it received: name, kind, MIME type, size in bytes, and pixel size", async () => {
    const photo = Buffer.from(pngImage(64, 48));
    const events = await post(at("agentic-chat"), {
      messages: [withParts({ type: "text", text: "what is this?" }, inline("image", photo, "image/png", "photo.png"))],
    });
    expect(said(events)).toBe(`I received 1 attachment: photo.png (image, image/png, ${photo.length} bytes, 64×48 px).`);
  });

  it("lists every attachment in order, with thousands separators, URLs and file handles named but not fetched", async () => {
    const big = Buffer.from(pngImage(1200, 30, { padding: 5000 }));
    const pdf = Buffer.from("%PDF-1.7\n%%EOF\n");
    const notAnImage = Buffer.from("hello");
    const before = agent.requests.length;
    const url = `${agent.baseUrl}/health`;
    const events = await post(at("agentic-chat"), {
      messages: [
        withParts(
          inline("image", big, "image/png", "wide.png"),
          inline("document", pdf, "application/pdf", "notes.pdf"),
          inline("image", gif(3, 2), "image/gif"),
          { type: "audio", source: { type: "url", value: url, mimeType: "audio/mpeg" }, metadata: { filename: "song.mp3" } },
          { type: "video", source: { type: "file", value: "file-abc123", provider: "openai" }, metadata: { filename: "clip.mp4" } },
          inline("image", notAnImage, "image/png", "broken.png"),
        ),
      ],
    });
    expect(said(events)).toBe(
      "I received 6 attachments: " +
        `wide.png (image, image/png, ${big.length.toLocaleString("en-US")} bytes, 1200×30 px); ` +
        `notes.pdf (document, application/pdf, ${pdf.length} bytes); ` +
        "unnamed (image, image/gif, 14 bytes, 3×2 px); " +
        `song.mp3 (audio, audio/mpeg, a URL, not fetched: ${url}); ` +
        "clip.mp4 (video, unknown type, a file handle at openai: file-abc123); " +
        "broken.png (image, image/png, 5 bytes, not an image I can read).",
    );
    expect(big.length).toBeGreaterThan(1000);
    // The only request since is the POST itself: the URL was never fetched.
    expect(agent.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual(["POST /agentic-chat"]);
  });

  it("behaves as before without attachments: text parts count down, colours call change_background", async () => {
    expect(said(await post(at("agentic-chat"), { messages: [withParts({ type: "text", text: "count down" })] }))).toBe(
      "Counting down: 10 9 8 7 6 5 4 3 2 1 ✓",
    );
    const [call] = calls(await post(at("agentic-chat"), { messages: [user("make the background teal")] }));
    expect(call).toMatchObject({ name: "change_background", args: { background: "teal" } });
  });

  it("reads only the last user message: an earlier attachment is not described again", async () => {
    const events = await post(at("agentic-chat"), {
      messages: [
        withParts(inline("image", pngImage(2, 2), "image/png", "old.png")),
        { id: "a1", role: "assistant", content: "I received 1 attachment: old.png" },
        user("count down"),
      ],
    });
    expect(said(events)).toBe("Counting down: 10 9 8 7 6 5 4 3 2 1 ✓");
  });
});

describe("the attachments scenario", () => {
  it("says what arrived, or that nothing did", async () => {
    const doc = Buffer.from("a,b\n1,2\n");
    expect(said(await post(at("attachments"), { messages: [withParts(inline("document", doc, "text/csv", "table.csv"))] }))).toBe(
      "I received 1 attachment: table.csv (document, text/csv, 8 bytes).",
    );
    expect(said(await post(at("attachments"), { messages: [user("hi")] }))).toBe("I received no attachments.");
  });
});

describe("capabilities", () => {
  it("agentic-chat and attachments advertise every kind of multimodal input", async () => {
    for (const name of ["agentic-chat", "attachments"]) {
      const body = await (await fetch(`${agent.baseUrl}/${name}/capabilities`)).json();
      expect(body.multimodal, name).toEqual({ input: { image: true, audio: true, video: true, pdf: true, file: true } });
    }
  });
});

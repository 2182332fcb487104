import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockAgent } from "../server.js";
import { decodeProto, input, parseSse, user } from "../test/http.js";
import type { MockAgent } from "../types.js";
import { wantsProtobuf } from "./agUi.js";

const PROTO = "application/vnd.ag-ui.event+proto";

describe("AG-UI content negotiation", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["*/*", false],
    ["application/*", false],
    ["text/event-stream", false],
    ["text/html,application/xhtml+xml,*/*;q=0.8", false],
    [PROTO, true],
    [`${PROTO}, text/event-stream`, true],
    [`text/event-stream, ${PROTO}`, true],
    [`${PROTO};q=0.5, text/event-stream`, false],
    [`${PROTO};q=0.5, */*;q=0.1`, true],
    [`${PROTO};q=0, */*`, false],
    [`APPLICATION/VND.AG-UI.EVENT+PROTO`, true],
  ])("Accept %j → protobuf %s", (accept, expected) => {
    expect(wantsProtobuf(accept)).toBe(expected);
  });
});

describe("the AG-UI endpoint over HTTP", () => {
  let agent: MockAgent;
  beforeAll(async () => {
    agent = await startMockAgent();
  });
  afterAll(() => agent.close());

  const postWith = (accept: string | undefined) =>
    fetch(`${agent.baseUrl}/agentic-chat`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(accept !== undefined && { accept }) },
      body: JSON.stringify(input({ messages: [user("hi")] })),
    });

  it("answers curl's `Accept: */*` with SSE", async () => {
    const response = await postWith("*/*");
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const events = parseSse(await response.text());
    expect(events[0]).toMatchObject({ type: "RUN_STARTED" });
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED" });
  });

  it("answers a request without Accept with SSE", async () => {
    // fetch fills in `*/*` when no Accept is given, which is the case this covers.
    const response = await postWith(undefined);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(parseSse(await response.text()).at(-1)).toMatchObject({ type: "RUN_FINISHED" });
  });

  it("answers protobuf when the client names it", async () => {
    const response = await postWith(`${PROTO}, text/event-stream;q=0.5`);
    expect(response.headers.get("content-type")).toBe(PROTO);
    const events = decodeProto(await response.arrayBuffer());
    expect(events[0]).toMatchObject({ type: "RUN_STARTED" });
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED" });
  });
});

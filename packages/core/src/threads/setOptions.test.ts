import { describe, expect, it } from "vitest";
import { sync } from "../test/scripts.js";
import { clientKey } from "./agentOptions.js";
import { ThreadRuntime } from "./threadRuntime.js";

const URL_A = "http://127.0.0.1:1/a";
const URL_B = "http://127.0.0.1:1/b";

const runtimeWith = (agent: ConstructorParameters<typeof ThreadRuntime>[0]["agent"]) =>
  new ThreadRuntime({ agent, remember: { get: () => null, set: () => {} } });

describe("ThreadRuntime.setOptions", () => {
  it("keeps the client for the same options, and for new headers, context or forwardedProps", () => {
    const r = runtimeWith({ url: URL_A, threadId: "t", schedule: sync });
    r.connect();
    const first = r.client;
    r.setOptions({ url: URL_A, threadId: "t", schedule: sync });
    r.setOptions({ url: URL_A, threadId: "t", schedule: sync, headers: { a: "1" }, context: [{ description: "page", value: "home" }] });
    expect(r.client).toBe(first);
    expect(first.retired).toBe(false);
    expect(first.context).toEqual([{ description: "page", value: "home" }]);
    r.dispose();
  });

  it("makes a new client for the current thread when the URL, the dialect or the agent id change", () => {
    const r = runtimeWith({ url: URL_A, threadId: "t", schedule: sync });
    r.connect();
    const first = r.client;
    r.setOptions({ url: URL_B, threadId: "t", schedule: sync });
    expect(first.retired).toBe(true);
    expect(r.client).not.toBe(first);
    expect(r.state.currentId).toBe("t");
    expect(JSON.stringify(r.client.endpoint)).toContain("/b");
    const second = r.client;
    r.setOptions({ url: URL_B, threadId: "t", schedule: sync, agentId: "other" });
    expect(second.retired).toBe(true);
    r.dispose();
  });

  it("reads the latest headers at each request, on a client made before they changed", async () => {
    const seen: string[] = [];
    const fetch = (async (_: unknown, init?: RequestInit) => {
      seen.push(new Headers(init?.headers).get("authorization") ?? "none");
      return new Response("", { status: 500 });
    }) as typeof globalThis.fetch;
    const r = runtimeWith({ url: URL_A, threadId: "t", schedule: sync, fetch, network: false, headers: { authorization: "old" } });
    r.connect();
    r.setOptions({ url: URL_A, threadId: "t", schedule: sync, fetch, network: false, headers: async () => ({ authorization: "new" }) });
    await r.client.sendMessage("hi");
    expect(seen.at(-1)).toBe("new");
    r.dispose();
  });

  it("switches to a new threadId, and leaves a thread the user chose alone while the asked-for one stays the same", () => {
    const r = runtimeWith({ url: URL_A, threadId: "t1", schedule: sync });
    r.connect();
    r.setOptions({ url: URL_A, threadId: "t1", schedule: sync });
    r.switchTo("chosen");
    r.setOptions({ url: URL_A, threadId: "t1", schedule: sync });
    expect(r.state.currentId).toBe("chosen");
    r.setOptions({ url: URL_A, threadId: "t2", schedule: sync });
    expect(r.state.currentId).toBe("t2");
    r.dispose();
  });

  it("says what a client is made for: dialect, URL and agent id, not headers", () => {
    expect(clientKey({ url: URL_A })).toBe(clientKey({ url: URL_A, headers: { a: "1" }, context: [] }));
    expect(clientKey({ url: URL_A })).not.toBe(clientKey({ url: URL_A, protocol: "langgraph" } as never));
    expect(clientKey({ url: URL_A })).not.toBe(clientKey({ url: URL_A, agentId: "x" }));
  });
});

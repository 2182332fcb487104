import { checkThreadStore } from "@tandem/server";
import { afterEach, describe, expect, it } from "vitest";
import { startMockAgent } from "./server.js";
import type { MockAgent } from "./types.js";

let agent: MockAgent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});

const save = (id: string, order: string[], put: { id: string; role: string; content: string }[], updatedAt: number) => ({
  thread: { id, title: `T ${id}`, createdAt: 1, updatedAt, state: {}, interrupts: [], toolCallStatus: {} },
  order,
  put,
  remove: [],
});

describe("the /threads API", () => {
  it("a save with keepRun leaves the stored run's mark; the run's own save clears it", async () => {
    agent = await startMockAgent();
    const post = (body: unknown) =>
      fetch(`${agent!.baseUrl}/threads/r`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const running = save("r", ["q"], [{ id: "q", role: "user", content: "hi" }], 10);
    await post({ ...running, thread: { ...running.thread, runningSince: ["q"] } });
    await post({ ...save("r", ["q"], [], 11), keepRun: true });
    const load = async () => (await (await fetch(`${agent!.baseUrl}/threads/r`)).json()) as { runningSince?: string[] };
    expect((await load()).runningSince).toEqual(["q"]);
    await post(save("r", ["q"], [], 12));
    expect((await load()).runningSince).toBeUndefined();
  });

  it("stores saves, merges two writers' turns as versions, lists, loads and deletes", async () => {
    agent = await startMockAgent();
    const post = (id: string, body: unknown) =>
      fetch(`${agent!.baseUrl}/threads/${id}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await post("a", save("a", ["q"], [{ id: "q", role: "user", content: "hi" }], 10))).status).toBe(204);
    await post("a", save("a", ["q", "x"], [{ id: "x", role: "assistant", content: "from tab 1" }], 11));
    await post("a", save("a", ["q", "y"], [{ id: "y", role: "assistant", content: "from tab 2" }], 12));
    await post("b", save("b", [], [], 5));
    const list = await (await fetch(`${agent.baseUrl}/threads`)).json();
    expect(list.map((t: { id: string }) => t.id)).toEqual(["a", "b"]);
    const a = await (await fetch(`${agent.baseUrl}/threads/a`)).json();
    // Two tabs answered the same question: the later save's reply is on the path, the other a version of it.
    expect(a.messages.map((m: { id: string }) => m.id)).toEqual(["q", "y"]);
    expect(a.branches.q.active).toBe(1);
    expect(a.branches.q.versions[0].map((m: { id: string }) => m.id)).toEqual(["x"]);
    expect((await fetch(`${agent.baseUrl}/threads/a`, { method: "DELETE" })).status).toBe(204);
    expect((await fetch(`${agent.baseUrl}/threads/a`)).status).toBe(404);
    // A late save of a deleted thread does not bring it back.
    expect((await post("a", save("a", ["q"], [{ id: "q", role: "user", content: "late" }], 13))).status).toBe(204);
    expect((await fetch(`${agent.baseUrl}/threads/a`)).status).toBe(404);
    expect((await post("c", { nonsense: true })).status).toBe(400);
  });

  it("answers a page of another origin with credentials: its origin echoed, PATCH allowed in the preflight", async () => {
    agent = await startMockAgent();
    const origin = "http://127.0.0.1:5173";
    const preflight = await fetch(`${agent.baseUrl}/threads/a`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "PATCH" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBe(origin);
    expect(preflight.headers.get("access-control-allow-credentials")).toBe("true");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("PATCH");
    const list = await fetch(`${agent.baseUrl}/threads`, { headers: { origin } });
    expect(list.headers.get("access-control-allow-origin")).toBe(origin);
  });

  it("passes the thread-store conformance rules, but those about two users (it keeps one set of threads)", async () => {
    agent = await startMockAgent();
    const results = await checkThreadStore({ url: `${agent.baseUrl}/threads`, userA: {} });
    expect(results.filter((r) => r.outcome === "fail")).toEqual([]);
    expect(results.filter((r) => r.outcome === "skip").map((r) => r.rule)).toEqual([
      "another user neither lists, loads, renames nor removes a user's thread",
      "a request that proves no user answers 401",
    ]);
  });
});

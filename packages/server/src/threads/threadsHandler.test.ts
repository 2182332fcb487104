import type { IncomingMessage } from "node:http";
import { restStorage, type ThreadChange } from "@tandem/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchBridge, listen } from "../test/http.js";
import { memoryThreadStore } from "./memoryThreadStore.js";
import type { ThreadStore } from "./threadStore.js";
import { threadsFetchHandler, threadsHandler } from "./threadsHandler.js";

/** The user a request proves, from its `cookie: session=<user>` (a stand-in for a real session). */
const sessionUser = (cookie: string | null | undefined) => /(?:^|;\s*)session=([^;]+)/.exec(cookie ?? "")?.[1];

let closeServer: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closeServer?.();
  closeServer = undefined;
});

/** The contract's two entries, each served over real HTTP: the `node:http` listener, and the Fetch handler behind a Node-to-Fetch bridge. */
const entries = {
  threadsHandler: (store: ThreadStore, onError: () => void) =>
    threadsHandler({ store, authorize: (req: IncomingMessage) => sessionUser(req.headers.cookie), onError }),
  threadsFetchHandler: (store: ThreadStore, onError: () => void) =>
    fetchBridge(threadsFetchHandler({ store, authorize: (request) => sessionUser(request.headers.get("cookie")), onError })),
};

async function serve(entry: keyof typeof entries, store: ThreadStore = memoryThreadStore(), onError = vi.fn()) {
  const server = await listen(entries[entry](store, onError));
  closeServer = server.close;
  const as = (user: string) => restStorage({ url: `${server.url}/threads`, headers: { cookie: `session=${user}` } });
  const call = (path: string, init: RequestInit & { user?: string } = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: { "content-type": "application/json", ...(init.user && { cookie: `session=${init.user}` }), ...init.headers },
    });
  return { url: server.url, as, call, onError };
}

const change = (id: string, order: string[], put: ThreadChange["put"], updatedAt: number): ThreadChange => ({
  thread: { id, title: `T ${id}`, createdAt: 1, updatedAt, state: {}, interrupts: [], toolCallStatus: {} },
  order,
  put,
  remove: [],
});

describe.each(Object.keys(entries) as (keyof typeof entries)[])("%s", (entry) => {
  describe("through restStorage", () => {
    it("keeps a user's threads: save, list, load, remove, as Tandem's storages do", async () => {
      const { as } = await serve(entry);
      const ann = as("ann");
      await ann.save(change("a", ["q"], [{ id: "q", role: "user", content: "hi" }], 10));
      await ann.save(change("a", ["q", "r"], [{ id: "r", role: "assistant", content: "hello" }], 11));
      expect((await ann.list()).map((t) => t.id)).toEqual(["a"]);
      expect((await ann.load("a"))?.messages.map((m) => m.content)).toEqual(["hi", "hello"]);
      expect(await ann.load("nothing")).toBeNull();
      await ann.remove("a");
      expect(await ann.load("a")).toBeNull();
      expect(await ann.list()).toEqual([]);
    });

    it("never lets one user list, load, save over, rename or remove another's thread", async () => {
      const { as, call } = await serve(entry);
      await as("ann").save(change("a", ["q"], [{ id: "q", role: "user", content: "ann's secret" }], 10));
      const bob = as("bob");
      expect(await bob.list()).toEqual([]);
      expect(await bob.load("a")).toBeNull();
      expect((await call("/threads/a", { method: "PATCH", user: "bob", body: JSON.stringify({ title: "mine" }) })).status).toBe(404);
      await bob.remove("a");
      await bob.save(change("a", ["x"], [{ id: "x", role: "user", content: "bob's" }], 20));
      const ann = await as("ann").load("a");
      expect([ann?.title, ann?.messages.map((m) => m.content)]).toEqual(["T a", ["ann's secret"]]);
    });

    it("answers 401 to a request that proves no user, before the store is touched", async () => {
      const store = memoryThreadStore();
      const spy = vi.spyOn(store, "list");
      const { url, call } = await serve(entry, store);
      const anonymous = restStorage({ url: `${url}/threads` });
      await expect(anonymous.list()).rejects.toThrow(/HTTP 401: Sign in to use threads/);
      expect((await call("/threads/a", { method: "POST", body: JSON.stringify(change("a", [], [], 1)) })).status).toBe(401);
      expect(spy).not.toHaveBeenCalled();
    });

    it("renames with PATCH", async () => {
      const { as, call } = await serve(entry);
      await as("ann").save(change("a", ["q"], [{ id: "q", role: "user", content: "hi" }], 10));
      expect((await call("/threads/a", { method: "PATCH", user: "ann", body: JSON.stringify({ title: "Trip" }) })).status).toBe(204);
      expect((await as("ann").list())[0]?.title).toBe("Trip");
    });
  });

  describe("given hostile requests", () => {
    it("answers each with a 4xx and a reason, never a crash, and keeps serving", async () => {
      const { call, as, onError } = await serve(entry);
      const post = (path: string, body: string) => call(path, { method: "POST", user: "ann", body });
      const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
      const cases: [string, Promise<Response>, number, RegExp][] = [
        ["not JSON", post("/threads/a", "{"), 400, /must be JSON/],
        ["an array", post("/threads/a", "[]"), 400, /Not a save/],
        ["no order", post("/threads/a", JSON.stringify({ ...change("a", [], [], 1), order: undefined })), 400, /order/],
        ["a message without an id", post("/threads/a", JSON.stringify(change("a", ["q"], [{ role: "user" } as never], 1))), 400, /put/],
        ["another thread's save", post("/threads/a", JSON.stringify(change("b", [], [], 1))), 400, /of thread "b"/],
        ["100,000 nested arrays", post("/threads/a", deep), 400, /nests deeper/],
        [
          "a state nested 1,000 deep",
          post(
            "/threads/a",
            JSON.stringify({
              ...change("a", [], [], 1),
              thread: { ...change("a", [], [], 1).thread, state: JSON.parse(`${'{"a":'.repeat(1000)}1${"}".repeat(1000)}`) },
            }),
          ),
          400,
          /nests deeper/,
        ],
        ["an id too long", call(`/threads/${"x".repeat(500)}`, { user: "ann" }), 400, /at most 200/],
        ["a path not URI-encoded", call("/threads/%E0%A4%A", { user: "ann" }), 400, /URI-encoded/],
        ["a path outside the contract", call("/threads/a/b", { user: "ann" }), 404, /Not a path/],
        ["a PUT", call("/threads/a", { method: "PUT", user: "ann", body: "{}" }), 405, /PUT/],
        ["a POST to the list", call("/threads", { method: "POST", user: "ann", body: "{}" }), 405, /GET lists/],
        ["a rename without a title", call("/threads/a", { method: "PATCH", user: "ann", body: "{}" }), 400, /title/],
        ["a body over the cap", post("/threads/a", JSON.stringify({ pad: "x".repeat(5 * 1024 * 1024) })), 413, /larger than/],
      ];
      for (const [what, answer, status, reason] of cases) {
        const response = await answer;
        expect([what, response.status]).toEqual([what, status]);
        expect([what, ((await response.json()) as { error: string }).error]).toEqual([what, expect.stringMatching(reason)]);
      }
      expect((await call("/threads/a", { method: "PUT", user: "ann", body: "{}" })).headers.get("allow")).toBe("GET, POST, PATCH, DELETE");
      expect(onError).not.toHaveBeenCalled();
      // Nothing of it was stored, and the next request is served.
      expect(await as("ann").list()).toEqual([]);
    });

    it("answers 500 without detail when the store fails, and reports the error", async () => {
      const store = memoryThreadStore();
      vi.spyOn(store, "load").mockRejectedValue(new Error("disk on fire"));
      const { call, onError } = await serve(entry, store);
      const response = await call("/threads/a", { user: "ann" });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: "The server failed" });
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: "disk on fire" }));
    });
  });
});

describe("threadsFetchHandler, as Fetch-style servers call it", () => {
  const handler = (options: Partial<Parameters<typeof threadsFetchHandler>[0]> = {}) =>
    threadsFetchHandler({ store: memoryThreadStore(), authorize: (request) => sessionUser(request.headers.get("cookie")), ...options });
  const request = (path: string, init: RequestInit = {}) =>
    new Request(`http://app.test${path}`, { ...init, headers: { cookie: "session=ann", ...init.headers } });

  it("serves the contract under a basePath matched against the request URL's whole path (a Next.js route's)", async () => {
    const threads = handler({ basePath: "/api/threads" });
    const saved = await threads(request("/api/threads/a", { method: "POST", body: JSON.stringify(change("a", [], [], 1)) }));
    expect(saved.status).toBe(204);
    expect(((await (await threads(request("/api/threads"))).json()) as { id: string }[]).map((t) => t.id)).toEqual(["a"]);
    expect((await threads(request("/threads"))).status).toBe(404);
  });

  it("reads a body of no declared length up to maxBodyBytes, and answers 413 past it without reading the rest", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024).fill(32));
      },
    });
    const answer = await handler({ maxBodyBytes: 10_000 })(
      request("/threads/a", { method: "POST", body: endless, duplex: "half" } as RequestInit),
    );
    expect([answer.status, await answer.json()]).toEqual([413, { error: "The request body is larger than 10000 bytes" }]);
    expect(pulled).toBeLessThan(20);
  });

  it("answers OPTIONS with 204, and puts the configured headers on every answer, refusals included", async () => {
    const threads = handler({ headers: { "access-control-allow-origin": "*" } });
    const answers = [
      await threads(request("/threads", { method: "OPTIONS" })),
      await threads(request("/threads")),
      await threads(new Request("http://app.test/threads")),
    ];
    expect(answers.map((a) => [a.status, a.headers.get("access-control-allow-origin")])).toEqual([
      [204, "*"],
      [200, "*"],
      [401, "*"],
    ]);
  });

  it("answers 500 and tells onError why when the body was read before it, rather than blaming the client with a 400", async () => {
    const onError = vi.fn();
    const used = request("/threads/a", { method: "POST", body: JSON.stringify(change("a", [], [], 1)) });
    await used.json();
    const answer = await handler({ onError })(used);
    expect([answer.status, await answer.json()]).toEqual([500, { error: "The server failed" }]);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringMatching(/read before the handler/) }));
  });
});

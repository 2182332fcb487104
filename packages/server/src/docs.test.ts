import type { AddressInfo } from "node:net";
import { restStorage } from "@tandem/core";
import { afterEach, describe, expect, it } from "vitest";
import { owners, sessions, startServer } from "../../../docs/samples/server.js";
import { parseSse, post, readAll, said } from "./test/http.js";

let close = async () => {};
afterEach(() => close());

describe("the docs' server sample (docs/samples/server.ts)", () => {
  it("serves a signed-in user's run, and refuses it to another user and to no cookie", async () => {
    const server = await startServer(0);
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/agent`;
    sessions.set("s-ann", { user: "ann" });
    sessions.set("s-ben", { user: "ben" });
    const ann = { cookie: "session=s-ann" };
    const text = await readAll(await post(url, { threadId: "ann-thread", runId: "r1" }, ann));
    expect(said(text)).toBe("5 4 3 2 1 ");
    expect(owners.get("ann-thread")).toBe("ann");
    expect((await post(url, { threadId: "ann-thread", runId: "r1" }, { ...ann, "last-event-id": "3" })).status).toBe(200);
    expect((await post(url, { threadId: "ann-thread", runId: "r1" }, { cookie: "session=s-ben", "last-event-id": "3" })).status).toBe(403);
    expect((await fetch(url.replace("/agent", "/resume/ann-thread/r1"), { headers: { cookie: "session=s-ben" } })).status).toBe(403);
    expect((await post(url, { threadId: "ann-thread", runId: "r2" })).status).toBe(403);
    expect(parseSse(text).at(-1)?.type).toBe("RUN_FINISHED");
  });

  it("keeps each signed-in user's threads at /threads, and none for a request without a session", async () => {
    const server = await startServer(0);
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/threads`;
    sessions.set("s-ann", { user: "ann" });
    sessions.set("s-ben", { user: "ben" });
    const ann = restStorage({ url, headers: { cookie: "session=s-ann" } });
    const ben = restStorage({ url, headers: { cookie: "session=s-ben" } });
    await ann.save({
      thread: { id: "t", title: "Ann's", createdAt: 1, updatedAt: 1, state: {}, interrupts: [], toolCallStatus: {} },
      order: ["q"],
      put: [{ id: "q", role: "user", content: "hi" }],
      remove: [],
    });
    expect((await ann.list()).map((t) => t.title)).toEqual(["Ann's"]);
    expect(await ben.list()).toEqual([]);
    expect(await ben.load("t")).toBeNull();
    await expect(restStorage({ url }).list()).rejects.toThrow(/401/);
  });
});

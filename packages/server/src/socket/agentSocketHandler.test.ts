import type { IncomingMessage } from "node:http";
import type { BaseEvent } from "@ag-ui/core";
import { afterEach, describe, expect, it } from "vitest";
import { agentHandler } from "../handler.js";
import { resumableRuns } from "../resumableRuns.js";
import { input, listen, post, readAll, sseIds, wordsOf } from "../test/http.js";
import { eventsOf, openSocket } from "../test/socket.js";
import { agentSocketHandler } from "./agentSocketHandler.js";
import type { ServerFrame } from "./frames.js";

const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/** A gate a source waits at: the run stays where it is until the test opens it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const WORDS = Array.from({ length: 10 }, (_, i) => `w${i} `);

/** An HTTP and WebSocket server over one `resumableRuns`; each run's words wait at `held` after the fifth. */
async function serve(authorize: (request: IncomingMessage) => boolean = () => true) {
  const held = gate();
  const runs = resumableRuns<IncomingMessage>({ authorize, onError: () => {} });
  async function* source(threadId: string, runId: string): AsyncGenerator<BaseEvent> {
    const events = wordsOf(WORDS, threadId, runId);
    for (const [index, event] of events.entries()) {
      yield event;
      if (index === 6) await held.opened;
    }
  }
  const errors: unknown[] = [];
  const sockets = agentSocketHandler({ runs, source: (i) => source(i.threadId, i.runId), onError: (e) => errors.push(e) });
  const server = await listen(agentHandler({ runs, source: (i) => source(i.threadId, i.runId) }));
  server.server.on("upgrade", sockets.upgrade);
  closing.push(async () => {
    held.open();
    await sockets.close();
    await runs.close();
    await server.close();
  });
  return { url: server.url, held, runs, errors };
}

const ended = (runId: string) => (frame: ServerFrame) => frame.type === "end" && frame.runId === runId;
const said = (frames: ServerFrame[], runId: string) =>
  eventsOf(frames, runId)
    .map(({ event }) => (event as { delta?: string }).delta ?? "")
    .join("");

describe("agentSocketHandler: the proposed AG-UI WebSocket binding", () => {
  it("streams a run's events with the ids its SSE frames have, then end", async () => {
    const { url, held } = await serve();
    held.open();
    const socket = await openSocket(url);
    socket.send({ type: "run", input: input({ runId: "r1" }) });
    await socket.next(ended("r1"));
    const events = eventsOf(socket.frames, "r1");
    expect(events.map((e) => e.event.type)).toEqual(wordsOf(WORDS).map((e) => e.type));
    // The same run over HTTP (a join from its first event): the same ids.
    const overHttp = await readAll(await post(url, input({ runId: "r1" })));
    expect(events.map((e) => e.id)).toEqual(sseIds(overHttp));
  });

  it("a socket dropped mid-run: another socket resumes after the last id, and every word arrives once", async () => {
    const { url, held } = await serve();
    const first = await openSocket(url);
    first.send({ type: "run", input: input({ runId: "r2" }) });
    await first.next((frame) => frame.type === "event" && frame.event.type === "TEXT_MESSAGE_CONTENT" && frame.id === "7");
    first.ws.terminate();
    held.open();
    const lastEventId = eventsOf(first.frames, "r2").at(-1)!.id!;
    const second = await openSocket(url);
    second.send({ type: "resume", threadId: "t", runId: "r2", lastEventId });
    await second.next(ended("r2"));
    expect(said(first.frames, "r2") + said(second.frames, "r2")).toBe(WORDS.join(""));
    expect(eventsOf(second.frames, "r2").at(-1)?.event.type).toBe("RUN_FINISHED");
  });

  it("answers a resume of a run or event it does not hold with error 404 (the client shows the truncated reply)", async () => {
    const { url } = await serve();
    const socket = await openSocket(url);
    socket.send({ type: "resume", threadId: "t", runId: "never", lastEventId: "3" });
    expect(await socket.next((f) => f.type === "error")).toMatchObject({ type: "error", runId: "never", status: 404 });
  });

  it("stop stops the run (it ends with RUN_ERROR stopped); another socket may not stop it", async () => {
    const { url } = await serve();
    const owner = await openSocket(url);
    owner.send({ type: "run", input: input({ runId: "r3" }) });
    await owner.next((frame) => frame.type === "event" && frame.id === "7");
    const other = await openSocket(url);
    other.send({ type: "stop", threadId: "t", runId: "r3" });
    expect(await other.next((f) => f.type === "error")).toMatchObject({ status: 403 });
    owner.send({ type: "stop", threadId: "t", runId: "r3" });
    expect(await owner.next((f) => f.type === "stopped")).toEqual({ type: "stopped", runId: "r3", stopped: true });
    await owner.next(ended("r3"));
    expect(eventsOf(owner.frames, "r3").at(-1)?.event).toMatchObject({ type: "RUN_ERROR", code: "stopped" });
  });

  it("goes through authorize: a refused run is error 403 and nothing runs", async () => {
    const { url, runs } = await serve(() => false);
    const socket = await openSocket(url);
    socket.send({ type: "run", input: input({ runId: "r4" }) });
    expect(await socket.next((f) => f.type === "error")).toMatchObject({ runId: "r4", status: 403 });
    expect(runs.stats().producing).toBe(0);
  });

  it("answers malformed frames with error 400 and keeps the socket open; one socket carries one thread (409)", async () => {
    const { url, held } = await serve();
    held.open();
    const socket = await openSocket(url);
    for (const bad of ["not json", "[1]", '{"type":"dance"}', '{"type":"run","input":{}}', '{"type":"resume","threadId":"t","runId":"r"}'])
      socket.send(bad);
    socket.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    await expect.poll(() => socket.frames.filter((f) => f.type === "error").length).toBe(6);
    expect(socket.frames.every((f) => f.type === "error" && f.status === 400)).toBe(true);
    socket.send({ type: "run", input: input({ runId: "r5" }) });
    await socket.next(ended("r5"));
    socket.send({ type: "run", input: input({ threadId: "another", runId: "r6" }) });
    expect(await socket.next((f) => f.type === "error" && f.runId === "r6")).toMatchObject({ status: 409 });
  });

  it("refuses an upgrade that does not ask for the ag-ui.v1+json subprotocol", async () => {
    const { url } = await serve();
    await expect(openSocket(url, "something-else")).rejects.toThrow(/400/);
  });
});

import { randomUUID } from "node:crypto";
import type { WebSocket } from "ws";
import { AG_UI_SUBPROTOCOL, type ServerFrame } from "../socket/frames.js";
import { ws as nodeWs } from "../socket/nodeWs.js";
import { type Check, checkRules, expectThat, type RuleResult, runInput } from "./rules.js";

/** The server under test for the WebSocket binding's rules. */
export interface SocketRunsTarget {
  /** The agent's endpoint: its HTTP URL (runs are POSTed there too) or its socket's ws(s): URL. */
  url: string;
  /** Headers that make the upgrade (and the HTTP requests) one user's: a session cookie, an `Authorization`. */
  userA?: Record<string, string>;
  /** Fields merged into every run's input (default: one user message, nothing else). */
  input?: Record<string, unknown>;
  /** How long one answer may take before its rule fails (default 30 s). */
  timeoutMs?: number;
}

/** One socket of the checks: what the server sent, and a way to wait for a frame. */
interface Probe {
  ws: WebSocket;
  frames: ServerFrame[];
  send(frame: unknown): void;
  next(match: (frame: ServerFrame) => boolean): Promise<ServerFrame>;
}

const isEnd = (type: string) => type === "RUN_FINISHED" || type === "RUN_ERROR";

/**
 * The proposed AG-UI WebSocket binding's rules (docs: "WebSocket transport"), checked against a
 * live server with runs of random ids: the subprotocol, event frames with ids and an `end`, the
 * same ids as over HTTP, a dropped socket resumed on another, the answers to an unknown run (404),
 * malformed frames (400, the socket staying open), another thread (409), and `stop`. The agent
 * must answer a run of one user message with at least three events.
 */
export async function checkSocketRuns(target: SocketRunsTarget): Promise<RuleResult[]> {
  const tag = randomUUID().slice(0, 8);
  const timeoutMs = target.timeoutMs ?? 30_000;
  const headers = target.userA ?? {};
  const socketUrl = target.url.replace(/^http/, "ws");
  const httpUrl = target.url.replace(/^ws/, "http");
  const threadId = `conformance-${tag}`;
  const input = (runId: string) => runInput(threadId, runId, target.input);
  const sockets: WebSocket[] = [];

  /** A socket asking for `protocol` (null: for none). */
  const open = (protocol: string | null = AG_UI_SUBPROTOCOL): Promise<Probe> =>
    new Promise((resolve, reject) => {
      const ws = new nodeWs.WebSocket(socketUrl, protocol === null ? [] : [protocol], { headers });
      sockets.push(ws);
      const frames: ServerFrame[] = [];
      const waiters = new Set<() => void>();
      let closed = false;
      ws.on("message", (data) => {
        try {
          frames.push(JSON.parse(String(data)) as ServerFrame);
        } catch {
          frames.push({ type: "error", status: 0, message: `not JSON: ${String(data).slice(0, 80)}` });
        }
        for (const wake of [...waiters]) wake();
      });
      ws.on("close", () => {
        closed = true;
        for (const wake of [...waiters]) wake();
      });
      ws.once("error", reject);
      ws.once("open", () =>
        resolve({
          ws,
          frames,
          send: (frame) => ws.send(typeof frame === "string" ? frame : JSON.stringify(frame)),
          next: (match) =>
            new Promise((found, fail) => {
              const timer = setTimeout(() => done(new Error(`no such frame within ${timeoutMs} ms`)), timeoutMs);
              const look = () => {
                const frame = frames.find(match);
                if (frame) done(null, frame);
                else if (closed) done(new Error(`the socket closed; it sent ${JSON.stringify(frames).slice(0, 300)}`));
              };
              function done(error: Error | null, frame?: ServerFrame) {
                clearTimeout(timer);
                waiters.delete(look);
                if (error) fail(error);
                else found(frame!);
              }
              waiters.add(look);
              look();
            }),
        }),
      );
    });

  const eventsOf = (frames: ServerFrame[], runId: string) =>
    frames.flatMap((frame) => (frame.type === "event" && frame.runId === runId ? [frame] : []));
  const endOf = (runId: string) => (frame: ServerFrame) => (frame.type === "end" || frame.type === "error") && frame.runId === runId;
  /** A whole run read on a socket: its event frames. */
  const wholeRun = async (probe: Probe, runId: string) => {
    probe.send({ type: "run", input: input(runId) });
    const last = await probe.next(endOf(runId));
    expectThat(last.type === "end", `the run was answered ${JSON.stringify(last)}`);
    return eventsOf(probe.frames, runId);
  };
  /** The SSE ids of a POST of run `runId` (a run that exists is read from its first event). */
  const httpIds = async (runId: string) => {
    const response = await fetch(httpUrl, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", ...headers },
      body: JSON.stringify(input(runId)),
      signal: AbortSignal.timeout(timeoutMs),
    });
    expectThat(response.status === 200, `the POST was answered ${response.status}`);
    return [...(await response.text()).matchAll(/^id: ?(.*)$/gm)].map((m) => m[1]);
  };

  const rules: [string, Check][] = [
    [
      "the server selects the ag-ui.v1+json subprotocol",
      async () => {
        const probe = await open();
        expectThat(probe.ws.protocol === AG_UI_SUBPROTOCOL, `it selected ${JSON.stringify(probe.ws.protocol)}`);
        return undefined;
      },
    ],
    [
      "an upgrade without the subprotocol is refused",
      async () => {
        const refused = await open(null).then(
          () => false,
          () => true,
        );
        expectThat(refused, "a socket without the subprotocol was opened");
        return undefined;
      },
    ],
    [
      "a run's events come as event frames, each with an id, then end",
      async () => {
        const events = await wholeRun(await open(), `ids-${tag}`);
        expectThat(events.length >= 3, `only ${events.length} events`);
        expectThat(events[0]?.event.type === "RUN_STARTED", `the first event is ${events[0]?.event.type}`);
        expectThat(isEnd(events.at(-1)!.event.type), `the last event is ${events.at(-1)?.event.type}`);
        const ids = events.map((e) => e.id);
        expectThat(
          ids.every((id) => typeof id === "string" && id !== ""),
          `ids: ${JSON.stringify(ids)}`,
        );
        expectThat(new Set(ids).size === ids.length, `ids repeat: ${JSON.stringify(ids)}`);
        return undefined;
      },
    ],
    [
      "the same run read over HTTP has the same event ids",
      async () => {
        const runId = `same-${tag}`;
        const overSocket = (await wholeRun(await open(), runId)).map((e) => e.id);
        const overHttp = await httpIds(runId);
        expectThat(JSON.stringify(overSocket) === JSON.stringify(overHttp), `${JSON.stringify(overSocket)} ≠ ${JSON.stringify(overHttp)}`);
        return undefined;
      },
    ],
    [
      "a socket dropped mid-run: a resume on another socket reads on after the last id, each event once",
      async () => {
        const runId = `drop-${tag}`;
        const first = await open();
        first.send({ type: "run", input: input(runId) });
        await first.next((frame) => frame.type === "event" && frame.runId === runId && eventsOf(first.frames, runId).length >= 2);
        first.ws.terminate();
        const before = eventsOf(first.frames, runId);
        const second = await open();
        second.send({ type: "resume", threadId, runId, lastEventId: before.at(-1)!.id });
        const last = await second.next(endOf(runId));
        expectThat(last.type === "end", `the resume was answered ${JSON.stringify(last)}`);
        const after = eventsOf(second.frames, runId);
        const ids = [...before, ...after].map((e) => e.id);
        expectThat(new Set(ids).size === ids.length, `events repeat: ${JSON.stringify(ids)}`);
        expectThat(after.length > 0 && isEnd(after.at(-1)!.event.type), "the resumed run does not end");
        const whole = (await wholeRun(await open(), runId)).map((e) => e.id);
        expectThat(JSON.stringify(ids) === JSON.stringify(whole), `${JSON.stringify(ids)} ≠ the run's ${JSON.stringify(whole)}`);
        return undefined;
      },
    ],
    [
      "a resume of a run it does not hold is answered error 404",
      async () => {
        const probe = await open();
        probe.send({ type: "resume", threadId, runId: `never-${tag}`, lastEventId: "1" });
        const answer = await probe.next(endOf(`never-${tag}`));
        expectThat(answer.type === "error" && answer.status === 404, `answered ${JSON.stringify(answer)}`);
        return undefined;
      },
    ],
    [
      "malformed frames are answered error 400 and the socket stays open",
      async () => {
        const probe = await open();
        for (const bad of ["not json", "[]", '{"type":"dance"}', '{"type":"run","input":{}}']) probe.send(bad);
        await probe.next(() => probe.frames.filter((f) => f.type === "error").length >= 4);
        const statuses = probe.frames.map((f) => (f.type === "error" ? f.status : f.type));
        expectThat(
          statuses.every((status) => status === 400),
          `answered ${JSON.stringify(statuses)}`,
        );
        expectThat(probe.ws.readyState === nodeWs.WebSocket.OPEN, "the socket closed");
        return undefined;
      },
    ],
    [
      "a socket carries one thread: a frame for another is answered error 409",
      async () => {
        const probe = await open();
        await wholeRun(probe, `first-${tag}`);
        probe.send({ type: "run", input: { ...input(`other-${tag}`), threadId: `other-${tag}` } });
        const answer = await probe.next(endOf(`other-${tag}`));
        expectThat(answer.type === "error" && answer.status === 409, `answered ${JSON.stringify(answer)}`);
        return undefined;
      },
    ],
    [
      "stop of a run the socket started is answered with stopped",
      async () => {
        const runId = `stop-${tag}`;
        const probe = await open();
        probe.send({ type: "run", input: input(runId) });
        await probe.next((frame) => frame.type === "event" && frame.runId === runId);
        probe.send({ type: "stop", threadId, runId });
        const answer = await probe.next((frame) => (frame.type === "stopped" || frame.type === "error") && frame.runId === runId);
        expectThat(answer.type === "stopped", `answered ${JSON.stringify(answer)}`);
        return undefined;
      },
    ],
  ];
  try {
    return await checkRules(rules);
  } finally {
    for (const ws of sockets) ws.terminate();
  }
}

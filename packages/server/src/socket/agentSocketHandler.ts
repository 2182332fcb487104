import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { RunAgentInput } from "@ag-ui/core";
import { createParser } from "eventsource-parser";
import type { WebSocket } from "ws";
import type { EventSource } from "../agentEvents.js";
import type { ResumableRuns } from "../resumableRuns.js";
import { AG_UI_SUBPROTOCOL, type ClientFrame, FrameRefusal, parseClientFrame, type ServerFrame } from "./frames.js";
import { ws } from "./nodeWs.js";

/**
 * What the socket handler needs of the runs it serves: `resumableRuns()` has it (its `open` gives
 * a run's SSE frames, its `stop` stops one). A server of your own may give its own: `open`
 * answering a run, resume or join with SSE text (`id:` lines included), `stop` saying whether it stopped one.
 */
export interface SocketRuns<R = IncomingMessage> {
  /** As `ResumableRuns.open`: the run's SSE frames, or the HTTP status and reason of a refusal. */
  open(
    request: Parameters<ResumableRuns<R>["open"]>[0],
    source?: () => EventSource,
  ): Promise<{ status: 200; frames: AsyncIterable<string> } | { status: number; error: string }>;
  /** Stops a run; whether there was one to stop. */
  stop(threadId: string, runId: string): boolean | Promise<boolean>;
}

/** Options for `agentSocketHandler`. */
export interface AgentSocketHandlerOptions {
  /** The runs it serves: the same `resumableRuns({ authorize, … })` as the HTTP handler, so both read the same runs. */
  runs: SocketRuns<IncomingMessage>;
  /** A new run's events: an agent to run, or an (async) iterable of AG-UI events (the upgrade request is passed). */
  source: (input: RunAgentInput, request: IncomingMessage) => EventSource;
  /** The paths of the upgrades it takes (default every path); `upgrade` leaves the others alone and returns false. */
  path?: RegExp;
  /** The largest frame a client may send (default 1 MiB); a larger one closes the socket with 1009. */
  maxFrameBytes?: number;
  /** How many runs one socket may read at once (default 4); a frame past it is answered 503. */
  maxStreams?: number;
  /** How often the server pings (default 30 s); a socket that did not answer the last ping is closed. */
  pingMs?: number;
  /** Told of every failure the client is not told in full (default `console.error`). */
  onError?: (error: unknown) => void;
}

/** A WebSocket endpoint for AG-UI runs, to mount on a `node:http` server's `upgrade` event. */
export interface AgentSocketHandler {
  /**
   * Takes an upgrade request (a `node:http` server's `upgrade` listener): false when its path is
   * not one `path` matches (another handler may take it), else true, the socket served or refused.
   */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** How many sockets are open. */
  readonly sockets: number;
  /** Closes every socket (code 1001: clients reconnect elsewhere) and resolves once they are closed. */
  close(): Promise<void>;
}

/** The HTTP answer to an upgrade without the binding's subprotocol. */
const NO_SUBPROTOCOL = `HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-type: text/plain\r\n\r\nAsk for the ${AG_UI_SUBPROTOCOL} subprotocol\n`;

/**
 * The proposed AG-UI WebSocket binding (guide "WebSocket"), over the same resumable runs and
 * `authorize` hook as `agentHandler`: one socket per thread; `run`, `resume`, `join` and `stop`
 * frames in, each run's events out as `event` frames with the ids their SSE frames have, then
 * `end`; a refused frame gets an `error` frame with the HTTP status the same request gets
 * (400 malformed, 403 not authorized, 404 unknown run, 409 another thread, 503 busy). A run's
 * stream that breaks closes the socket with 1011 (the client resumes); nothing a client sends
 * crashes the process.
 */
export function agentSocketHandler(options: AgentSocketHandlerOptions): AgentSocketHandler {
  const { runs, source, path, maxFrameBytes = 1024 * 1024, maxStreams = 4, pingMs = 30_000, onError = console.error } = options;
  const report = (error: unknown) => {
    try {
      onError(error);
    } catch {
      // a failing reporter changes nothing
    }
  };
  const server = new ws.WebSocketServer({
    noServer: true,
    maxPayload: maxFrameBytes,
    handleProtocols: (offered) => (offered.has(AG_UI_SUBPROTOCOL) ? AG_UI_SUBPROTOCOL : false),
  });
  const alive = new WeakMap<WebSocket, boolean>();
  const pinger = setInterval(() => {
    for (const ws of server.clients) {
      if (alive.get(ws) === false) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, pingMs);
  pinger.unref();

  function serve(ws: WebSocket, request: IncomingMessage): void {
    alive.set(ws, true);
    ws.on("pong", () => alive.set(ws, true));
    /** The thread this socket carries: set by its first run, resume or join that opened. */
    let thread: string | null = null;
    /** The runs this socket reads now. */
    const streams = new Map<string, AbortController>();
    /** The runs this socket started or resumed: the only ones it may stop. */
    const owned = new Set<string>();
    const send = (frame: ServerFrame) =>
      new Promise<void>((resolve) => {
        if (ws.readyState !== ws.OPEN) return resolve();
        ws.send(JSON.stringify(frame), () => resolve());
      });

    async function pump(frames: AsyncIterable<string>, runId: string, reading: AbortController): Promise<void> {
      const ready: ServerFrame[] = [];
      const parser = createParser({
        onEvent: ({ id, data }) =>
          ready.push({ type: "event", runId, ...(id !== undefined && id !== "" && { id }), event: JSON.parse(data) }),
      });
      try {
        for await (const chunk of frames) {
          parser.feed(chunk);
          for (const frame of ready.splice(0)) await send(frame);
          if (reading.signal.aborted) break;
        }
        if (!reading.signal.aborted) await send({ type: "end", runId });
      } catch (error) {
        if (reading.signal.aborted) return;
        report(error);
        // The client reads this as a dropped connection and resumes after the last event it has.
        ws.close(1011, "The run's stream broke: resume it");
      } finally {
        if (streams.get(runId) === reading) streams.delete(runId);
        reading.abort();
      }
    }

    async function answer(frame: ClientFrame): Promise<void> {
      const threadId = frame.type === "run" ? frame.input.threadId : frame.threadId;
      const runId = frame.type === "run" ? frame.input.runId : frame.runId;
      if (thread !== null && threadId !== thread)
        throw new FrameRefusal(409, `This socket carries thread "${thread}": open another socket for thread "${threadId}"`, runId);
      if (frame.type === "stop") {
        if (!owned.has(runId)) throw new FrameRefusal(403, "Only the socket that started or resumed a run may stop it", runId);
        const stopped = await runs.stop(threadId, runId);
        return send({ type: "stopped", runId, stopped });
      }
      // A resume of a run this socket reads replaces that reading.
      streams.get(runId)?.abort();
      streams.delete(runId);
      if (streams.size >= maxStreams) throw new FrameRefusal(503, `This socket reads ${maxStreams} runs already`, runId);
      const reading = new AbortController();
      streams.set(runId, reading);
      const lastEventId = frame.type === "run" ? null : (frame.lastEventId ?? null);
      const stream = await runs.open(
        {
          request,
          threadId,
          runId,
          lastEventId,
          signal: reading.signal,
          ...(frame.type === "run" && { input: frame.input }),
          ...(frame.type === "join" && { join: true }),
        },
        frame.type === "run" ? () => source(frame.input, request) : undefined,
      );
      if (!("frames" in stream)) {
        if (streams.get(runId) === reading) streams.delete(runId);
        return send({ type: "error", runId, status: stream.status, message: stream.error });
      }
      thread ??= threadId;
      if (frame.type !== "join") owned.add(runId);
      await pump(stream.frames, runId, reading);
    }

    ws.on("message", (data, binary) => {
      const text = binary ? null : String(data);
      void (async () => {
        try {
          if (text === null) throw new FrameRefusal(400, "Frames are JSON text, not binary");
          await answer(parseClientFrame(text));
        } catch (error) {
          if (!(error instanceof FrameRefusal)) report(error);
          const refusal = error instanceof FrameRefusal ? error : new FrameRefusal(500, "The server failed");
          await send({
            type: "error",
            ...(refusal.runId !== undefined && { runId: refusal.runId }),
            status: refusal.status,
            message: refusal.message,
          });
        }
      })();
    });
    ws.on("error", report);
    ws.on("close", () => {
      for (const reading of streams.values()) reading.abort();
      streams.clear();
    });
  }

  return {
    upgrade(req, socket, head) {
      if (path && !path.test(new URL(req.url ?? "/", "http://local").pathname)) return false;
      socket.on("error", () => socket.destroy());
      const offered = String(req.headers["sec-websocket-protocol"] ?? "").split(",");
      if (!offered.some((name) => name.trim() === AG_UI_SUBPROTOCOL)) {
        socket.end(NO_SUBPROTOCOL);
        return true;
      }
      server.handleUpgrade(req, socket, head, (ws) => serve(ws, req));
      return true;
    },
    get sockets() {
      return server.clients.size;
    },
    async close() {
      clearInterval(pinger);
      const closing = [...server.clients].map(
        (ws) =>
          new Promise<void>((resolve) => {
            ws.once("close", () => resolve());
            ws.close(1001, "The server is shutting down");
            setTimeout(() => ws.terminate(), 1000).unref();
          }),
      );
      await Promise.all(closing);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

import { WebSocket } from "ws";
import { AG_UI_SUBPROTOCOL, type ServerFrame } from "../socket/frames.js";

/** A test's end of a socket of the WebSocket binding: sends frames, waits for the server's. */
export interface TestSocket {
  ws: WebSocket;
  /** Every frame the server sent, in order. */
  frames: ServerFrame[];
  send(frame: unknown): void;
  /** Resolves with the first frame (from `from` on) that `match` accepts. */
  next(match: (frame: ServerFrame) => boolean, from?: number): Promise<ServerFrame>;
  /** Resolves once the socket is closed, with its close code. */
  closed: Promise<number>;
}

/** Opens a socket to `url` (http or ws scheme) with the binding's subprotocol. */
export async function openSocket(url: string, protocol = AG_UI_SUBPROTOCOL): Promise<TestSocket> {
  const ws = new WebSocket(url.replace(/^http/, "ws"), protocol);
  const frames: ServerFrame[] = [];
  const waiters = new Set<() => void>();
  ws.on("message", (data) => {
    frames.push(JSON.parse(String(data)) as ServerFrame);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  return {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(typeof frame === "string" ? frame : JSON.stringify(frame)),
    next: (match, from = 0) =>
      new Promise((resolve, reject) => {
        const look = () => {
          const found = frames.slice(from).find(match);
          if (!found) return;
          waiters.delete(look);
          resolve(found);
        };
        waiters.add(look);
        void closed.then(() => {
          if (waiters.delete(look)) reject(new Error(`The socket closed; frames: ${JSON.stringify(frames).slice(0, 600)}`));
        });
        look();
      }),
  };
}

/** The events of `runId` among `frames`, with their ids. */
export const eventsOf = (frames: ServerFrame[], runId: string) =>
  frames.flatMap((frame) => (frame.type === "event" && frame.runId === runId ? [frame] : []));

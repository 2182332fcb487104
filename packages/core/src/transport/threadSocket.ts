import type { BaseEvent } from "@ag-ui/core";
import { HttpError } from "./http.js";
import type { IdentifiedEvent } from "./reconnect.js";
import type { WebSocketConstructor } from "./types.js";

/** The WebSocket subprotocol of the proposed AG-UI binding (guide "WebSocket"). */
export const AG_UI_SUBPROTOCOL = "ag-ui.v1+json";

/** A frame the server sends (see the guide "WebSocket" for each). */
type ServerFrame =
  | { type: "event"; runId: string; id?: string; event: BaseEvent }
  | { type: "end"; runId: string }
  | { type: "error"; runId?: string; status: number; message: string }
  | { type: "stopped"; runId: string; stopped: boolean };

/** What one reading of a run hears: a frame of its run, or the socket gone. */
type Heard = ServerFrame | { type: "closed"; code: number };

/** How long a socket stays open with no run to read (a thread the user left), in ms. */
const IDLE_MS = 15_000;

/** An event frame's event, checked as the SSE reader checks a frame (the official client's wording). */
function eventOf(value: unknown): BaseEvent {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error("Invalid event: the frame is not a JSON object.");
  const type = (value as { type?: unknown }).type;
  if (typeof type !== "string" || type.length === 0) throw new Error("Invalid event: the frame carries no event type.");
  return value as BaseEvent;
}

/**
 * The one socket of a thread (the WebSocket binding): opened when a run needs it, opened again
 * after it closed, closed after a while with no run to read. Frames are routed to the reading of
 * their run; a socket that closes under a reading fails it as a network error, so the reconnecting
 * reader resumes it as it resumes a dropped SSE stream.
 */
export class ThreadSocket {
  private socket: WebSocket | null = null;
  private opening: Promise<WebSocket> | null = null;
  private readonly readers = new Map<string, (heard: Heard) => void>();
  private idle: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly url: string,
    private readonly Socket: WebSocketConstructor = WebSocket,
    /** Told when the socket was closed for having no run to read: the transport forgets it. */
    private readonly onIdle: () => void = () => {},
  ) {}

  /** The socket, open: the one there is, or a new one; rejects (a network error) when it cannot be opened. */
  private open(): Promise<WebSocket> {
    if (this.socket?.readyState === 1) return Promise.resolve(this.socket);
    this.opening ??= new Promise<WebSocket>((resolve, reject) => {
      let socket: WebSocket;
      try {
        socket = new this.Socket(this.url, AG_UI_SUBPROTOCOL);
      } catch (error) {
        this.opening = null;
        return reject(new TypeError(`WebSocket connection to ${this.url} failed: ${(error as Error).message}`));
      }
      socket.onopen = () => {
        this.socket = socket;
        this.opening = null;
        resolve(socket);
      };
      socket.onmessage = ({ data }) => this.heard(data);
      // A close always follows an error, and is what is handled; Node's \`ws\` throws an error nobody listens to.
      socket.onerror = () => {};
      socket.onclose = ({ code }) => {
        if (this.opening && this.socket !== socket) {
          this.opening = null;
          reject(new TypeError(`WebSocket connection to ${this.url} failed (code ${code})`));
        }
        if (this.socket !== socket) return;
        this.socket = null;
        for (const reader of [...this.readers.values()]) reader({ type: "closed", code });
      };
    });
    return this.opening;
  }

  private heard(data: unknown): void {
    let frame: ServerFrame;
    try {
      frame = JSON.parse(String(data)) as ServerFrame;
    } catch {
      return; // not a frame of the binding: nothing to route it to
    }
    const runId = (frame as { runId?: unknown }).runId;
    if (typeof runId === "string") this.readers.get(runId)?.(frame);
  }

  /** Sends a frame when the socket is open (a stop for a socket gone is moot: the server's run goes on only for its idle time). */
  send(frame: unknown): void {
    if (this.socket?.readyState === 1) this.socket.send(JSON.stringify(frame));
  }

  /**
   * Sends `frame` (a run, resume or join of run `runId`) and reads that run's answer: its events
   * with their ids until `end`; an `error` frame throws an `HttpError` with its status (as the
   * same request over HTTP would), the socket closing throws a network error, `signal` an abort.
   */
  async *read(frame: unknown, runId: string, signal: AbortSignal): AsyncGenerator<IdentifiedEvent> {
    clearTimeout(this.idle);
    const socket = await this.open();
    const queue: Heard[] = [];
    let wake: (() => void) | null = null;
    const push = (heard: Heard) => {
      queue.push(heard);
      wake?.();
    };
    const aborted = () => wake?.();
    this.readers.set(runId, push);
    signal.addEventListener("abort", aborted);
    try {
      socket.send(JSON.stringify(frame));
      for (;;) {
        if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new DOMException("The run was stopped", "AbortError");
        const heard = queue.shift();
        if (!heard) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = null;
          continue;
        }
        if (heard.type === "closed") throw new TypeError(`network error: the WebSocket closed (code ${heard.code})`);
        if (heard.type === "end") return;
        if (heard.type === "error") throw new HttpError(heard.status, { error: heard.message });
        if (heard.type === "event")
          yield heard.id === undefined ? { event: eventOf(heard.event) } : { event: eventOf(heard.event), id: heard.id };
      }
    } finally {
      signal.removeEventListener("abort", aborted);
      if (this.readers.get(runId) === push) this.readers.delete(runId);
      if (this.readers.size === 0) {
        this.idle = setTimeout(() => {
          if (this.readers.size > 0) return;
          this.close();
          this.onIdle();
        }, IDLE_MS);
      }
    }
  }

  /** Closes the socket (1000): nothing reads on it. */
  close(): void {
    clearTimeout(this.idle);
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
  }
}

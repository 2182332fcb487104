import type { BaseEvent } from "@ag-ui/core";
import { outgoing } from "./agUi.js";
import { getJson } from "./http.js";
import { reconnectingEvents } from "./lazyReconnect.js";
import type { OpenStream } from "./reconnect.js";
import { ThreadSocket } from "./threadSocket.js";
import type { AgUiOptions, Transport } from "./types.js";

/** The socket's URL: the one given, or the endpoint's with its scheme made ws: or wss:. */
export function socketUrl(options: AgUiOptions): string {
  const { websocket } = options;
  const given = typeof websocket === "string" ? websocket : typeof websocket === "object" ? websocket.url : undefined;
  const url = new URL(given ?? options.url, globalThis.location?.href);
  if (url.protocol === "http:") url.protocol = "ws:";
  else if (url.protocol === "https:") url.protocol = "wss:";
  return url.href;
}

/**
 * AG-UI over one WebSocket per thread (the proposed binding, guide "WebSocket"; a chunk of its
 * own, loaded only by apps that set `websocket`): a run is a `run` frame, its events come back as
 * `event` frames with the ids their SSE frames would have. A socket that drops mid-run is opened
 * again and the run read on with a `resume` frame after the last id, by the same reconnecting
 * reader as SSE (`reconnect.ts`: backoff, the device's network, diagnostics), with the same
 * fallbacks: a resume the server does not continue (an `error` 404, a new RUN_STARTED) is the
 * truncated reply with Retry. Stopping a run it started (its signal aborting) sends a `stop` frame.
 */
export function webSocketTransport(options: AgUiOptions): Transport {
  const url = socketUrl(options);
  const Socket = typeof options.websocket === "object" ? options.websocket.WebSocket : undefined;
  const sockets = new Map<string, ThreadSocket>();
  // One socket per thread, forgotten once it closed for having nothing to read (threads left stay no entries).
  const socketOf = (threadId: string) => {
    let socket = sockets.get(threadId);
    if (!socket) {
      const made = new ThreadSocket(url, Socket, () => sockets.get(threadId) === made && sockets.delete(threadId));
      sockets.set(threadId, made);
      socket = made;
    }
    return socket;
  };
  return {
    resumable: options.reconnect !== false,
    run(input, signal, hooks) {
      const { threadId, runId } = input;
      const socket = socketOf(threadId);
      const open: OpenStream = async (lastEventId, signal) =>
        socket.read(
          lastEventId === null ? { type: "run", input: outgoing(input) } : { type: "resume", threadId, runId, lastEventId },
          runId,
          signal,
        );
      return (async function* (): AsyncGenerator<BaseEvent> {
        // Stop goes over the socket while the run is read (a run that ended needs none), for a run
        // this reading started. A run read on (`resumeAfter`: after a reload, or joined by a device
        // that watches another's run) may be another's: leaving it stops nothing (the `stop` URL,
        // which the run loop calls only for its own runs, still does).
        const begun = hooks?.resumeAfter === undefined;
        const stop = () => begun && socket.send({ type: "stop", threadId, runId });
        signal.addEventListener("abort", stop, { once: true });
        try {
          yield* reconnectingEvents(open, input, signal, hooks, options.reconnect);
        } finally {
          signal.removeEventListener("abort", stop);
        }
      })();
    },
    ...(options.capabilities !== undefined && {
      getCapabilities: (signal: AbortSignal) => getJson(options, options.capabilities!, signal),
    }),
  };
}

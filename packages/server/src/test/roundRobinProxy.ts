import http from "node:http";
import { listen } from "./http.js";

/** One request the proxy passed on. */
export interface Proxied {
  method: string;
  path: string;
  /** The request's `Last-Event-ID`, if it had one: a resume. */
  lastEventId: string | undefined;
  /** The `x-instance` header of the answer: which instance served it (undefined until it answered). */
  instance: string | undefined;
}

/** A load balancer without sticky sessions, for tests: see `roundRobinProxy`. */
export interface RoundRobinProxy {
  url: string;
  /** Every request passed on (CORS preflights aside), in order. */
  served: Proxied[];
  /**
   * The next answer is cut after `frames` whole SSE frames: those reach the client, then its
   * connection drops (and the one to the instance), as a network that fails mid-reply.
   */
  cutNextAfter(frames: number): void;
  close(): Promise<void>;
}

/**
 * A proxy on 127.0.0.1 that sends each request to the next of `ports` in turn, as a load
 * balancer without sticky sessions: a dropped reply's resume lands on another instance. A CORS
 * preflight goes where the request after it will go, and does not take a turn.
 */
export async function roundRobinProxy(ports: number[]): Promise<RoundRobinProxy> {
  let next = 0;
  let cutAfter: number | null = null;
  const served: Proxied[] = [];
  const server = await listen((req, res) => {
    const preflight = req.method === "OPTIONS";
    const port = ports[(preflight ? next : next++) % ports.length]!;
    const header = req.headers["last-event-id"];
    const record: Proxied = {
      method: req.method ?? "GET",
      path: req.url ?? "/",
      lastEventId: Array.isArray(header) ? header[0] : header,
      instance: undefined,
    };
    if (!preflight) served.push(record);
    const cut = preflight ? null : cutAfter;
    if (!preflight) cutAfter = null;
    const upstream = http.request({ host: "127.0.0.1", port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      const instance = answer.headers["x-instance"];
      record.instance = Array.isArray(instance) ? instance[0] : instance;
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      if (cut === null) {
        answer.pipe(res);
        return;
      }
      // Whole frames only, then the drop: the client has seen exactly `cut` events.
      let pending = "";
      let sent = 0;
      answer.setEncoding("utf8");
      answer.on("data", (chunk: string) => {
        pending += chunk;
        for (let end = pending.indexOf("\n\n"); end !== -1 && sent < cut; end = pending.indexOf("\n\n")) {
          const frame = pending.slice(0, end + 2);
          pending = pending.slice(end + 2);
          // The last frame is flushed before the connection drops.
          res.write(frame, ++sent === cut ? () => res.destroy() : undefined);
        }
      });
      answer.on("end", () => {
        if (sent < cut) res.end(pending);
      });
    });
    upstream.on("error", () => res.destroy());
    res.on("close", () => upstream.destroy());
    req.pipe(upstream);
  });
  return {
    url: server.url,
    served,
    cutNextAfter(frames) {
      cutAfter = frames;
    },
    close: server.close,
  };
}

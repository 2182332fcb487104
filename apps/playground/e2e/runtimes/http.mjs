// @ts-check
// What the runtimes' HTTP servers share: CORS for the playground's origin, a JSON body, an AG-UI
// agent's events served as SSE, a free port on 127.0.0.1, and a close that ends open streams.
import http from "node:http";

/** The playground runs on another origin (vite preview): every answer allows it. */
export const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, OPTIONS",
  "access-control-allow-headers": "*, content-type, authorization, last-event-id",
};

/**
 * A request's body, parsed as JSON.
 * @param {http.IncomingMessage} req
 * @returns {Promise<any>}
 */
export async function readJson(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

/**
 * What an AG-UI adapter's `run(input)` returns: an Observable of AG-UI events (rxjs's, as
 * `@ag-ui/client`'s AbstractAgent has it).
 * @typedef {{ subscribe(observer: { next(event: object): void, error(error: unknown): void, complete(): void }): { unsubscribe(): void } }} Events
 */

// #region handler
/**
 * A Node request handler that answers a POST of RunAgentInput with the events `run(input)` gives,
 * as SSE (`data: {json}` frames). A failure of the Observable is sent as a RUN_ERROR. When the
 * client closes the stream first (Stop), the subscription ends, which is how these adapters stop
 * their run, and `signal` aborts.
 * @param {(input: any, signal: AbortSignal) => Events} run
 * @returns {http.RequestListener}
 */
export function agUiHandler(run) {
  return async (req, res) => {
    if (req.method === "OPTIONS") return void res.writeHead(204, CORS).end();
    if (req.method !== "POST") return void res.writeHead(404, CORS).end();
    const input = await readJson(req);
    res.writeHead(200, { ...CORS, "content-type": "text/event-stream", "cache-control": "no-cache" });
    const write = (/** @type {object} */ event) => res.write(`data: ${JSON.stringify(event)}\n\n`);
    const closed = new AbortController();
    const subscription = run(input, closed.signal).subscribe({
      next: write,
      error: (error) => {
        // Some adapters send their RUN_ERROR, then fail the Observable with that same event.
        if (/** @type {{ type?: unknown }} */ (error)?.type !== "RUN_ERROR")
          write({ type: "RUN_ERROR", message: error instanceof Error ? error.message : String(error) });
        res.end();
      },
      complete: () => res.end(),
    });
    res.on("close", () => {
      subscription.unsubscribe();
      if (!res.writableFinished) closed.abort();
    });
  };
}
// #endregion handler

/**
 * Listens on 127.0.0.1 and a free port.
 * @param {http.Server} server
 * @returns {Promise<string>} its base URL, `http://127.0.0.1:<port>`
 */
export async function listen(server) {
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  return `http://127.0.0.1:${/** @type {import("node:net").AddressInfo} */ (server.address()).port}`;
}

/**
 * Closes a server and every connection still open on it (a run left streaming, a keep-alive).
 * @param {http.Server} server
 * @returns {Promise<void>}
 */
export function closeServer(server) {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

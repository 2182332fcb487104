/**
 * What the helpers read of a request: Node's `IncomingMessage` has it, and so do the requests of
 * servers built on it (Express, Fastify's raw request). Declared here, not imported from
 * `node:http`, so an app's types check without `@types/node`.
 */
export interface NodeRequest {
  /** The request's headers, lower-cased (`last-event-id` is read). */
  readonly headers: Record<string, string | string[] | undefined>;
}

/** What the helpers write to a response: Node's `ServerResponse` has it. */
export interface NodeResponse {
  /** True once the connection is gone: nothing more is written. */
  readonly destroyed: boolean;
  /** True once the headers went out. */
  readonly headersSent?: boolean;
  /** Sends the status and headers. */
  writeHead(status: number, headers: Record<string, string>): unknown;
  /** Sends a chunk of the body; false when it was buffered (wait for `drain`); `callback` once it is flushed. */
  write(chunk: string | Uint8Array, callback?: () => void): boolean;
  /** Ends the body (with a last chunk). */
  end(chunk?: string): unknown;
  /** `close`: the client went away, or the response ended. `drain`: the buffer emptied. */
  on(event: "close" | "drain", listener: () => void): unknown;
  /** Removes a listener added with `on`. */
  off(event: "close" | "drain", listener: () => void): unknown;
}

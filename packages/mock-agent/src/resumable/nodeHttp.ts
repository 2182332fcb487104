/**
 * What the helpers read of a request: Node's `IncomingMessage` has it, and so do the requests of
 * servers built on it (Express, Fastify's raw request). Declared here, not imported from
 * `node:http`, so an app's types check without `@types/node`.
 */
export interface NodeRequest {
  readonly headers: Record<string, string | string[] | undefined>;
}

/** What the helpers write to a response: Node's `ServerResponse` has it. */
export interface NodeResponse {
  readonly destroyed: boolean;
  writeHead(status: number, headers: Record<string, string>): unknown;
  write(chunk: string | Uint8Array, callback?: () => void): boolean;
  end(chunk?: string): unknown;
  on(event: "close", listener: () => void): unknown;
}

/** A request whose connection the mock can cut (`--drop-after`). */
export interface CuttableRequest extends NodeRequest {
  readonly socket: { readonly destroyed: boolean; end(): unknown; destroy(): unknown };
}

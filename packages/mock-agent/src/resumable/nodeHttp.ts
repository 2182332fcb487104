import type { NodeRequest } from "@tandem/server";

export type { NodeRequest, NodeResponse } from "@tandem/server";

/** A request whose connection the mock can cut (`--drop-after`). */
export interface CuttableRequest extends NodeRequest {
  /** The connection itself, closed to cut the stream. */
  readonly socket: { readonly destroyed: boolean; end(): unknown; destroy(): unknown };
}

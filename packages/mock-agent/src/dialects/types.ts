import type { RunAgentInput } from "@ag-ui/core";
import type { ThreadHistory } from "../history.js";
import type { EventStep } from "../types.js";

/** A bad request: answered with this status and `{"error": message}`. */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface RequestInfo {
  path: string;
  headers: Record<string, string>;
  /** Named groups of the route's pattern (e.g. `scenario`, `agentId`). */
  params: Record<string, string>;
  history: ThreadHistory;
}

/** How the server writes one response's events. */
export interface EventWriter {
  contentType: string;
  /** Bytes for one event; `id` (SSE `id:`) where the dialect carries one. */
  encode(event: EventStep, id?: string): string | Uint8Array;
  /** The writer puts `id` on each event: runs can be resumed with `Last-Event-ID`. */
  resumable?: boolean;
  /** Bytes that close the stream, if the dialect has any (e.g. `data: [DONE]`). */
  end?(): string | undefined;
}

/**
 * One server dialect: how its requests become the RunAgentInput scripts read, and how the
 * scripts' AG-UI events are written in its wire format.
 */
export interface Dialect {
  parse(body: unknown, request: RequestInfo): RunAgentInput;
  /** A fresh writer per response (dialects may need to remember what they wrote). */
  writer(request: RequestInfo, input: RunAgentInput): EventWriter;
}

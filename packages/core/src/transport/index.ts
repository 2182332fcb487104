import { CompatibilityBoundary, enforceEvents, transformChunks, verifyEvents } from "@ag-ui/client";
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { defer, from, type Observable, tap } from "rxjs";
import { agUiTransport } from "./agUi.js";
import { warnOnProducerVersion } from "./protocolVersion.js";
import type { AgentRuntimeOptions, AgentScopeOptions, AgKitOptions, AgUiOptions, Protocol, Transport, TransportOptions } from "./types.js";

export { type FrameMapper, type JsonDialect, jsonStreamTransport } from "./jsonStream.js";
export type * from "./types.js";

type Factories = {
  "ag-ui": (options: AgUiOptions) => Transport;
  "ag-kit": (options: AgKitOptions) => Promise<Transport>;
  "agent-runtime": (options: AgentRuntimeOptions) => Promise<Transport>;
  agentscope: (options: AgentScopeOptions) => Promise<Transport>;
};

const transports: Factories = {
  "ag-ui": agUiTransport,
  // The other dialects load when first used: an app that speaks AG-UI never downloads them.
  "ag-kit": async (options) => (await import("./agKit.js")).agKitTransport(options),
  "agent-runtime": async (options) => (await import("./agentRuntime.js")).agentRuntimeTransport(options),
  agentscope: async (options) => (await import("./agentScope.js")).agentScopeTransport(options),
};

/** The transport for `options.protocol` (AG-UI by default). */
export function createTransport(options: TransportOptions): Transport | Promise<Transport> {
  const protocol: Protocol = options.protocol ?? "ag-ui";
  const create = transports[protocol] as ((options: TransportOptions) => Transport | Promise<Transport>) | undefined;
  if (!create) throw new TypeError(`Unknown protocol "${protocol}". Known: ${Object.keys(transports).join(", ")}.`);
  return create(options);
}

/**
 * The run's events as the official client would deliver them to its reducer: legacy shapes
 * translated, unknown events and fields dropped, chunks expanded, ordering verified. We take
 * this stream instead of `runAgent`, which deep-clones every message on every event.
 */
export function validatedEvents(transport: Transport, input: RunAgentInput, signal: AbortSignal): Observable<BaseEvent> {
  // The official pipeline starts from an agent; it only calls its `run`.
  const source = { run: (i: RunAgentInput) => defer(() => from(transport.run(i, signal))) };
  return new CompatibilityBoundary()
    .run(input, source as never)
    .pipe(tap(warnOnProducerVersion), enforceEvents(undefined), transformChunks(undefined), verifyEvents(undefined));
}

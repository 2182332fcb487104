import { type AbstractAgent, CompatibilityBoundary, enforceEvents, HttpAgent, transformChunks, verifyEvents } from "@ag-ui/client";
import type { BaseEvent, Message, RunAgentInput } from "@ag-ui/core";
import { type Observable, tap } from "rxjs";
import { createAgUiTransport, type TransportConfig } from "./agUi.js";
import { warnOnProducerVersion } from "./protocolVersion.js";

export type { HeadersOption, TransportConfig } from "./agUi.js";

/**
 * A transport is an `@ag-ui/client` agent whose `run(input)` yields AG-UI events, whatever its
 * server speaks. Being an HttpAgent, a run is cancelled through its `abortController`.
 */
export type Transport = HttpAgent & {
  /** Loads the thread's stored history, for servers that keep it. */
  loadHistory?(threadId: string, signal: AbortSignal): Promise<Message[]>;
};

export type Protocol = "ag-ui" | "ag-kit" | "agent-runtime" | "agentscope";

export interface ProtocolOptions extends TransportConfig {
  protocol?: Protocol;
}

const transports: Record<Protocol, (config: TransportConfig) => Transport | Promise<Transport>> = {
  "ag-ui": createAgUiTransport,
  // The other dialects load when first used: an app that speaks AG-UI never downloads them.
  "ag-kit": async (config) => new (await import("./agKit.js")).AgKitTransport(config),
  "agent-runtime": async (config) => new (await import("./agentRuntime.js")).AgentRuntimeTransport(config),
  agentscope: async (config) => new (await import("./agentScope.js")).AgentScopeTransport(config),
};

export function createTransport({ protocol = "ag-ui", ...config }: ProtocolOptions): Transport | Promise<Transport> {
  const create = transports[protocol];
  if (!create) throw new TypeError(`Unknown protocol "${protocol}". Known: ${Object.keys(transports).join(", ")}.`);
  return create(config);
}

/**
 * The run's events as the official client would deliver them to its reducer: legacy shapes
 * translated, unknown events and fields dropped, chunks expanded, ordering verified. We take
 * this stream instead of `runAgent`, which deep-clones every message on every event.
 */
export function validatedEvents(agent: AbstractAgent, input: RunAgentInput): Observable<BaseEvent> {
  return new CompatibilityBoundary()
    .run(input, agent)
    .pipe(
      tap(warnOnProducerVersion),
      enforceEvents(agent.debugLogger),
      transformChunks(agent.debugLogger),
      verifyEvents(agent.debugLogger),
    );
}

export { HttpAgent };

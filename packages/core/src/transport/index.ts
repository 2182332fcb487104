import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import type { Observable } from "rxjs";
import type { ReducerParts } from "../reducer/reducerParts.js";
import { loadPartialJson } from "../tools/partialJson.js";
import { loadOnce } from "../util/loadOnce.js";
import { agUiTransport } from "./agUi.js";
import { loadReconnect } from "./lazyReconnect.js";
import { loadSse } from "./lazySse.js";
import type {
  AgentRuntimeOptions,
  AgentScopeOptions,
  AgKitOptions,
  AgUiOptions,
  Protocol,
  RunHooks,
  Transport,
  TransportOptions,
} from "./types.js";

export { type FrameMapper, type JsonDialect, jsonStreamTransport } from "./jsonStream.js";
export type * from "./types.js";

type Factories = {
  "ag-ui": (options: AgUiOptions) => Transport | Promise<Transport>;
  "ag-kit": (options: AgKitOptions) => Promise<Transport>;
  "agent-runtime": (options: AgentRuntimeOptions) => Promise<Transport>;
  agentscope: (options: AgentScopeOptions) => Promise<Transport>;
};

const loadAgKit = loadOnce(() => import("./agKit.js"));
const loadAgentRuntime = loadOnce(() => import("./agentRuntime.js"));
const loadAgentScope = loadOnce(() => import("./agentScope.js"));

const transports: Factories = {
  // The WebSocket transport comes through the pipeline's chunk (see `pipeline.webSocketTransport`).
  "ag-ui": (options) => (options.websocket ? loadPipeline().then((m) => m.webSocketTransport(options)) : agUiTransport(options)),
  // The other dialects load when first used: an app that speaks AG-UI never downloads them.
  "ag-kit": async (options) => (await loadAgKit()).agKitTransport(options),
  "agent-runtime": async (options) => (await loadAgentRuntime()).agentRuntimeTransport(options),
  agentscope: async (options) => (await loadAgentScope()).agentScopeTransport(options),
};

/** The transport for `options.protocol` (AG-UI by default). */
export function createTransport(options: TransportOptions): Transport | Promise<Transport> {
  const protocol: Protocol = options.protocol ?? "ag-ui";
  const create = transports[protocol] as ((options: TransportOptions) => Transport | Promise<Transport>) | undefined;
  if (!create) throw new TypeError(`Unknown protocol "${protocol}". Known: ${Object.keys(transports).join(", ")}.`);
  return create(options);
}

/**
 * Loads the official validation pipeline (`@ag-ui/client`, with zod and the protobuf decoder it
 * imports), and the reader that reconnects dropped streams, once. They are chunks of their own:
 * a page renders without them, and they arrive for the first run, or earlier when the app calls
 * this while idle.
 */
// The reconnecting reader, the SSE reader and the closer of cut-off JSON (streamed tool
// arguments) come along: a run reads a stream only after this.
export const loadPipeline = loadOnce(() =>
  Promise.all([import("./pipeline.js"), loadReconnect(), loadSse(), loadPartialJson()]).then(([module]) => module),
);

/** The reducer's less common half, which came with the pipeline; null until the pipeline has loaded. */
export const loadedReducerParts = (): ReducerParts => loadPipeline.loaded()?.reducerParts ?? null;

/**
 * The run's events, validated by the official pipeline (see `pipeline.ts`): at once when the
 * pipeline has loaded, so the request goes out in the same turn, else once it has.
 */
export function validatedEvents(
  transport: Transport,
  input: RunAgentInput,
  signal: AbortSignal,
  hooks?: RunHooks,
): Observable<BaseEvent> | Promise<Observable<BaseEvent>> {
  const loaded = loadPipeline.loaded();
  return loaded
    ? loaded.pipeline(transport, input, signal, hooks)
    : loadPipeline().then((module) => module.pipeline(transport, input, signal, hooks));
}

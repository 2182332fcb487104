import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import type { Observable } from "rxjs";
import type { Patcher } from "../reducer/reduceEvents.js";
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

let loading: Promise<typeof import("./pipeline.js")> | null = null;
let loaded: typeof import("./pipeline.js") | null = null;

/**
 * Loads the official validation pipeline (`@ag-ui/client`, with zod and the protobuf decoder it
 * imports), and the reader that reconnects dropped streams, once. They are chunks of their own:
 * a page renders without them, and they arrive for the first run, or earlier when the app calls
 * this while idle.
 */
export function loadPipeline(): Promise<typeof import("./pipeline.js")> {
  // The reconnecting reader and the SSE reader come along: a run reads a stream only after this.
  loading ??= Promise.all([import("./pipeline.js"), loadReconnect(), loadSse()]).then(([module]) => (loaded = module));
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** The JSON Patch code that came with the pipeline; null until the pipeline has loaded. */
export const loadedPatcher = (): Patcher => loaded?.applyPatch ?? null;

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
  return loaded
    ? loaded.pipeline(transport, input, signal, hooks)
    : loadPipeline().then((module) => module.pipeline(transport, input, signal, hooks));
}

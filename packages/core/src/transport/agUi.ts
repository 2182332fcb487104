import { HttpAgent } from "@ag-ui/client";

export type HeadersOption =
  | Record<string, string>
  | (() => Record<string, string> | Promise<Record<string, string>>);

export interface TransportConfig {
  /** The endpoint (AG-UI, AG-Kit) or base URL (agent runtime, AgentScope). */
  url: string;
  /** Static headers, or a function called before every request (e.g. a fresh bearer token). */
  headers?: HeadersOption;
  fetch?: typeof fetch;
  threadId: string;
  agentId?: string;
}

/**
 * Wraps fetch so that headers are resolved per request and win over the transport's defaults
 * (set `Accept: application/vnd.ag-ui.event+proto` to ask for protobuf).
 */
export function fetchWithHeaders(config: Pick<TransportConfig, "headers" | "fetch">): typeof fetch {
  const base = config.fetch ?? ((input, init) => fetch(input, init));
  const { headers } = config;
  if (!headers) return base;
  return async (input, init) => {
    const extra = typeof headers === "function" ? await headers() : headers;
    const merged = new Headers(init?.headers);
    for (const [name, value] of Object.entries(extra)) merged.set(name, value);
    return base(input, { ...init, headers: merged });
  };
}

/** AG-UI over HTTP: POST RunAgentInput, read SSE or protobuf (the official client's HttpAgent). */
export function createAgUiTransport(config: TransportConfig): HttpAgent {
  return new HttpAgent({
    url: config.url,
    fetch: fetchWithHeaders(config),
    threadId: config.threadId,
    ...(config.agentId !== undefined && { agentId: config.agentId }),
  });
}

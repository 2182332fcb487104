import { HttpAgent } from "@ag-ui/client";

export type HeadersOption = Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);

export interface TransportConfig {
  /** The endpoint (AG-UI, AG-Kit) or base URL (agent runtime, AgentScope). */
  url: string;
  /** Static headers, or a function called before every request (e.g. a fresh bearer token). */
  headers?: HeadersOption;
  fetch?: typeof fetch;
  threadId: string;
  /** The agent to run (agent runtime: the `:agent_id` of the runs URL). */
  agentId?: string;
  /** Agent runtime: overrides the agent's model for each run. */
  model?: string;
  /** Agent runtime: overrides the agent's system prompt for each run. */
  systemPrompt?: string;
  /** Agent runtime: per-run overrides (tool execution mode, chat options). */
  config?: Record<string, unknown>;
  /** AgentScope: the `user_id` sent with each request (default "anonymous"). */
  userId?: string;
}

/**
 * Wraps fetch so that headers are resolved per request and win over the transport's defaults
 * (set `Accept: application/vnd.ag-ui.event+proto` to ask for protobuf).
 */
export function fetchWithHeaders(config: Pick<TransportConfig, "headers" | "fetch">): typeof fetch {
  const base = config.fetch ?? ((input, init) => fetch(input, init));
  const { headers } = config;
  return async (input, init) => {
    let request = init;
    if (headers) {
      const extra = typeof headers === "function" ? await headers() : headers;
      const merged = new Headers(init?.headers);
      for (const [name, value] of Object.entries(extra)) merged.set(name, value);
      request = { ...init, headers: merged };
    }
    return withQuietCancel(await base(input, request));
  };
}

/**
 * `@ag-ui/client` cancels the body reader when a run ends and rethrows what that cancel
 * rejects with; after a dropped connection that is the drop's own error again, which nothing
 * catches. The run has already failed with it, so the second copy is dropped here.
 */
function withQuietCancel(response: Response): Response {
  const body = response.body;
  if (!body) return response;
  Object.defineProperty(response, "body", {
    configurable: true,
    value: {
      getReader() {
        const reader = body.getReader();
        return {
          read: () => reader.read(),
          cancel: (reason?: unknown) => reader.cancel(reason).catch(() => undefined),
          releaseLock: () => reader.releaseLock(),
          closed: reader.closed,
        };
      },
    },
  });
  return response;
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

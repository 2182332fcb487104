import type { Protocol } from "@tandem/react";

export const PROTOCOLS = ["ag-ui", "ag-kit", "agent-runtime", "agentscope"] as const satisfies readonly string[];

/** How AG-UI runs travel: a request per run with an SSE reply, or one WebSocket per thread (`?transport=websocket`). */
export const TRANSPORTS = ["sse", "websocket"] as const satisfies readonly string[];

export interface AgentSettings {
  agent: string;
  protocol: Protocol;
  agentId: string | undefined;
  /**
   * A URL template (`{threadId}`, `{runId}`, `{agentId}`) POSTed when the user presses Stop, for
   * servers that keep running a thread after the client goes away (CopilotKit's runtime).
   */
  stop: string | undefined;
  /** Where the agent's AG-UI `AgentCapabilities` can be read (GET). */
  capabilities: string | undefined;
  /** Where pages that take feedback POST each rating (a `CUSTOM` event): `?feedback=`, or the mock agent's `/feedback`. */
  feedback: string | undefined;
  /** `?retry=<ms>`: the first wait before an unreachable agent is tried again (doubling from there); default the client's. */
  retryMs: number | undefined;
  /** `?retryMax=<ms>`: no wait before an unreachable agent is tried again is longer (default 30 s, or `retry` if longer). */
  retryMaxMs: number | undefined;
  /**
   * `?threads=<url>`: where the page keeps its threads, a server speaking the thread-store REST
   * contract (`threadsHandler` of `@tandem/server`), through `restStorage` with cookies sent
   * (`credentials: "include"`); default each page's own IndexedDB database.
   */
  threads: string | undefined;
  /**
   * `?resume=<url template>` (`{threadId}`, `{runId}`; AG-UI only): where a run is joined (GET with
   * `Last-Event-ID`), e.g. the mock agent's or `@tandem/server`'s `/resume/{threadId}/{runId}`. A
   * second browser on a thread another one runs watches the run live through it.
   */
  resume: string | undefined;
  /**
   * `?transport=websocket`: AG-UI runs over one WebSocket per thread (the proposed binding, the
   * `websocket` option), at the agent URL with its scheme made ws:; default `sse`.
   */
  transport: (typeof TRANSPORTS)[number];
}

const MOCK = (import.meta.env.VITE_AGENT_URL as string | undefined) ?? "http://127.0.0.1:8787";

/** Where the mock agent serves a page's scenario in each dialect. */
export function defaultAgentUrl(protocol: string, page: string): string {
  switch (protocol) {
    case "ag-kit":
      return `${MOCK}/ag-kit/${page}/send-message`;
    case "agent-runtime":
      return `${MOCK}/agent-runtime`;
    case "agentscope":
      return `${MOCK}/agentscope/${page}`;
    default:
      return `${MOCK}/${page}`;
  }
}

/**
 * `?agent=<url>&protocol=<dialect>&agentId=<id>&stop=<url template>&capabilities=<url>` point a
 * page at any server (and `&feedback=<url>` says where pages that take feedback POST ratings,
 * `&threads=<url>` where its threads are kept, `&resume=<url template>` where runs are joined, `&transport=websocket` that AG-UI runs go over a WebSocket). Without `agent`, the page talks to the mock
 * agent, whose capabilities are at `{page url}/capabilities`.
 */
export function readSettings(url: URL, page: string): AgentSettings {
  const query = url.searchParams;
  const protocol = (query.get("protocol") ?? "ag-ui") as Protocol;
  const agentId = query.get("agentId") || (protocol === "agent-runtime" ? page : undefined);
  const agent = query.get("agent") || defaultAgentUrl(protocol, page);
  const mockCapabilities = !query.get("agent") && protocol === "ag-ui" ? `${agent}/capabilities` : undefined;
  return {
    agent,
    protocol,
    agentId,
    stop: query.get("stop") || undefined,
    capabilities: query.get("capabilities") || mockCapabilities,
    feedback: query.get("feedback") || (query.get("agent") ? undefined : `${MOCK}/feedback`),
    retryMs: Number(query.get("retry")) > 0 ? Number(query.get("retry")) : undefined,
    retryMaxMs: Number(query.get("retryMax")) > 0 ? Number(query.get("retryMax")) : undefined,
    threads: query.get("threads") || undefined,
    resume: query.get("resume") || undefined,
    transport: query.get("transport") === "websocket" ? "websocket" : "sse",
  };
}

import type { Protocol } from "@tandem/react";

export const PROTOCOLS = ["ag-ui", "ag-kit", "agent-runtime", "agentscope"] as const satisfies readonly string[];

export interface AgentSettings {
  agent: string;
  protocol: Protocol;
  agentId: string | undefined;
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

/** `?agent=<url>&protocol=<dialect>&agentId=<id>` point a page at any server. */
export function readSettings(url: URL, page: string): AgentSettings {
  const protocol = (url.searchParams.get("protocol") ?? "ag-ui") as Protocol;
  const agentId = url.searchParams.get("agentId") ?? (protocol === "agent-runtime" ? page : undefined);
  return { agent: url.searchParams.get("agent") ?? defaultAgentUrl(protocol, page), protocol, agentId };
}

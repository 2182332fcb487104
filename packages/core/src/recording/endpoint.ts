import type { Protocol, TransportOptions } from "../transport/types.js";

/** Where a client's runs go: its dialect (`"custom"` for a transport of your own) and runs URL. */
export interface RunEndpoint {
  protocol: Protocol | "custom";
  /** The URL runs are POSTed to, when known. */
  url?: string;
}

/** Where a client's runs go: the dialect, and its runs URL worked out from the options. */
export function runEndpoint(options: Partial<TransportOptions> & { agentId?: string; transport?: unknown }): RunEndpoint {
  if (options.transport) return { protocol: "custom", ...(options.url !== undefined && { url: options.url }) };
  const protocol: Protocol = options.protocol ?? "ag-ui";
  const url = options.url ?? "";
  const base = url.replace(/\/$/, "");
  switch (protocol) {
    case "agent-runtime":
      return { protocol, url: `${base}/v1/ag-ui/agents/${encodeURIComponent(options.agentId ?? "default")}/runs` };
    case "agentscope":
      return { protocol, url: `${base}/process` };
    default:
      return { protocol, url };
  }
}

/** The path of a URL (absolute or relative to the page); "/" when there is none. */
export function pathOf(url: string | undefined): string {
  if (!url) return "/";
  try {
    return new URL(url, "http://localhost").pathname;
  } catch {
    return "/";
  }
}

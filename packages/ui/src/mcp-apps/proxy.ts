import { type AsideClient, requestThroughAgent } from "@tandem/react";
import type { McpAppContent } from "./content.js";

/**
 * The MCP methods sent to an app's server through the agent: the app's `tools/call` and
 * `resources/read`, and the host's own `tools/list` (each tool's `_meta.ui.visibility`).
 */
export type ProxiedMethod = "tools/call" | "resources/read" | "tools/list";

/** Sends one MCP request to the app's server through the agent; the middleware's `{ error }` answers reject. */
export type McpRequest = (method: ProxiedMethod, params: Record<string, unknown>, signal?: AbortSignal) => Promise<Record<string, unknown>>;

/**
 * MCP requests to the server behind `content`, each a run aside of the thread whose
 * `forwardedProps.__proxiedMCPRequest` is `{ serverHash, serverId, method, params }`, as
 * `@ag-ui/mcp-apps-middleware` answers them.
 */
export function mcpRequester(client: AsideClient, content: Pick<McpAppContent, "serverHash" | "serverId">): McpRequest {
  return async (method, params, signal) => {
    const __proxiedMCPRequest = { serverHash: content.serverHash, serverId: content.serverId, method, params };
    const result = await requestThroughAgent(client, { __proxiedMCPRequest }, signal ? { signal } : {});
    if (typeof result !== "object" || result === null || Array.isArray(result)) throw new Error(`The server sent no answer to ${method}.`);
    const { error } = result as { error?: unknown };
    if (error !== undefined && !("content" in result) && !("contents" in result)) throw new Error(String(error));
    return result as Record<string, unknown>;
  };
}

/** The HTML of a `resources/read` answer: its first text (or base64 blob) content. */
export function resourceHtml(answer: Record<string, unknown>): { html: string; meta: Record<string, unknown> } {
  const contents = Array.isArray(answer.contents) ? (answer.contents as Array<Record<string, unknown>>) : [];
  for (const item of contents) {
    const meta = (typeof item?._meta === "object" && item._meta !== null ? item._meta : {}) as Record<string, unknown>;
    if (typeof item?.text === "string") return { html: item.text, meta };
    if (typeof item?.blob === "string")
      return { html: new TextDecoder().decode(Uint8Array.from(atob(item.blob), (c) => c.charCodeAt(0))), meta };
  }
  throw new Error("The app's resource has no HTML.");
}

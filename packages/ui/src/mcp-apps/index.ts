/**
 * MCP Apps host, an entry of its own: an MCP server's `ui://` app, as `@ag-ui/mcp-apps-middleware`
 * sends it, drawn in a sandboxed frame with the host side of the MCP Apps bridge.
 *
 * @module @tandem/ui/mcp-apps
 */
"use client";
// A client module for React Server Components, as the main entry.

// `@tandem/ui/mcp-apps`: its own entry so the main bundle never carries the bridge (ext-apps,
// the MCP SDK's protocol and zod). Load it on demand with React's lazy() or a dynamic import.

export {
  APP_TOOL_CALL_LIMIT,
  type BridgeTransport,
  createHostBridge,
  type HostBridge,
  type HostBridgeOptions,
  visibleToApps,
} from "./bridge.js";
export type { McpAppContent } from "./content.js";
export type { McpAppLabels } from "./labels.js";
export { McpApp, type McpAppProps } from "./McpApp.js";
export type { McpRequest, ProxiedMethod } from "./proxy.js";
export { appDocument, contentSecurityPolicy, type ResourceCsp } from "./srcdoc.js";
export type { HostContext } from "./theme.js";
export { MCP_APPS_ACTIVITY, useMcpApps } from "./useMcpApps.js";

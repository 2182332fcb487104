/**
 * The content of an `mcp-apps` activity, as `@ag-ui/mcp-apps-middleware` emits it after running
 * a tool that has a UI: the tool's result, its `ui://` resource, the server it came from and the
 * tool's arguments.
 */
export interface McpAppContent {
  /** The MCP `CallToolResult` of the tool call that opened the app. */
  result: Record<string, unknown>;
  /** The app's `ui://` resource, read through the agent. */
  resourceUri: string;
  /** The middleware's reference to the server (a hash of its endpoint). */
  serverHash: string;
  /** The server's id, when the middleware's config names it. */
  serverId?: string;
  /** The arguments the tool was called with. */
  toolInput: Record<string, unknown>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The activity's content as an app's, or a sentence saying what is wrong with it. */
export function readContent(content: Record<string, unknown>): McpAppContent | string {
  const { result, resourceUri, serverHash, serverId, toolInput } = content;
  if (typeof resourceUri !== "string" || !resourceUri.startsWith("ui://")) return "The app's resource is not a ui:// URI.";
  if (typeof serverHash !== "string" || serverHash === "") return "The app names no server.";
  if (serverId !== undefined && serverId !== null && typeof serverId !== "string") return "The app's server id is not a string.";
  return {
    result: isRecord(result) ? result : {},
    resourceUri,
    serverHash,
    ...(typeof serverId === "string" && { serverId }),
    toolInput: isRecord(toolInput) ? toolInput : {},
  };
}

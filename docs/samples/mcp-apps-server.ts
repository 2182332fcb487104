// #region sample
// The agent server: your AG-UI agent behind @ag-ui/mcp-apps-middleware, which offers the agent
// the MCP servers' tools that have a UI, runs them, sends the mcp-apps activity, and answers the
// app's requests (forwardedProps.__proxiedMCPRequest) itself.
import type { AbstractAgent } from "@ag-ui/client";
import { MCPAppsMiddleware } from "@ag-ui/mcp-apps-middleware";

export function withMcpApps(agent: AbstractAgent): AbstractAgent {
  agent.use(new MCPAppsMiddleware({ mcpServers: [{ type: "http", url: "http://localhost:3001/mcp", serverId: "apps" }] }));
  return agent;
}
// #endregion sample

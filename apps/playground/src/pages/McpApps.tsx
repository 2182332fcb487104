import { useActivityRenderer } from "@tandem/react";
import { Chat } from "@tandem/ui";
import { lazy, Suspense } from "react";

// The MCP Apps host is an entry of its own: it loads with the first app the agent sends.
const McpApp = lazy(() => import("@tandem/ui/mcp-apps").then((m) => ({ default: m.McpApp })));

/**
 * MCP Apps: the agent runs an MCP tool that has a UI (here show_counter); the middleware
 * (@ag-ui/mcp-apps-middleware) sends an `mcp-apps` activity, and <McpApp> reads the app's ui://
 * resource through the agent and runs it in a sandboxed frame. The app's own tool calls
 * ("Add one") go to the MCP server through the agent; links it asks for open only after you
 * confirm.
 */
export default function McpApps() {
  useActivityRenderer({
    type: "mcp-apps",
    render: ({ messageId, content }) => (
      <Suspense fallback={<p>Loading the app…</p>}>
        <McpApp messageId={messageId} content={content} />
      </Suspense>
    ),
  });
  return <Chat suggestions={[{ label: "Counter", prompt: "Show me a counter" }]} />;
}

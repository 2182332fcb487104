import { useActivityRenderer } from "@tandem/react";
import { McpApp, type McpAppProps } from "./McpApp.js";

/** The activity type `@ag-ui/mcp-apps-middleware` emits. */
export const MCP_APPS_ACTIVITY = "mcp-apps";

/**
 * Draws every `mcp-apps` activity of the thread as an `<McpApp>`: call it once inside
 * `<AgentProvider>` (e.g. in the component that renders `<Chat>`). `options` are passed to each app.
 */
export function useMcpApps(options: Pick<McpAppProps, "labels" | "onOpenLink"> = {}): void {
  useActivityRenderer({
    type: MCP_APPS_ACTIVITY,
    render: ({ messageId, content }) => <McpApp messageId={messageId} content={content} {...options} />,
  });
}

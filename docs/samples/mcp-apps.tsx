// #region sample
import { AgentProvider, useActivityRenderer } from "@tandem/react";
import { Chat } from "@tandem/ui";
import { lazy, Suspense } from "react";

// The host is an entry of its own: it loads with the first app the agent sends.
const McpApp = lazy(() => import("@tandem/ui/mcp-apps").then((m) => ({ default: m.McpApp })));

function ChatWithApps() {
  useActivityRenderer({
    type: "mcp-apps",
    render: ({ messageId, content }) => (
      <Suspense fallback={<p>Loading the app…</p>}>
        <McpApp messageId={messageId} content={content} />
      </Suspense>
    ),
  });
  return <Chat />;
}

export const App = () => (
  <AgentProvider url="https://your-agent.example.com/run">
    <ChatWithApps />
  </AgentProvider>
);
// #endregion sample

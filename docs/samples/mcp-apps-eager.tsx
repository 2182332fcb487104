// #region sample
import { AgentProvider } from "@tandem/react";
import { Chat } from "@tandem/ui";
import { useMcpApps } from "@tandem/ui/mcp-apps";

function ChatWithApps() {
  // Every mcp-apps activity is drawn as an <McpApp>; links open in a new tab once confirmed.
  useMcpApps({ onOpenLink: (url) => window.open(url, "_blank", "noopener,noreferrer") });
  return <Chat />;
}

export const App = () => (
  <AgentProvider url="https://your-agent.example.com/run">
    <ChatWithApps />
  </AgentProvider>
);
// #endregion sample

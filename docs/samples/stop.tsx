import { AgentProvider } from "@tandem/react";
import { Chat } from "@tandem/ui";

// #region sample
export const SupportChat = () => (
  <AgentProvider url="/api/copilotkit/agent/default/run" agentId="default" stop="/api/copilotkit/agent/{agentId}/stop/{threadId}">
    <Chat />
  </AgentProvider>
);
// #endregion sample

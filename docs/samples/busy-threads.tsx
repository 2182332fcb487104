import { startMockAgent } from "@tandem/mock-agent";
import { AgentProvider } from "@tandem/react";
import { Chat } from "@tandem/ui";

// #region sample
const agent = await startMockAgent({ busyThreads: true });

export const Subagents = () => (
  <AgentProvider
    url={`${agent.baseUrl}/subagents`}
    stop={`${agent.baseUrl}/agent/{agentId}/stop/{threadId}`}
    capabilities={`${agent.baseUrl}/subagents/capabilities`}
  >
    <Chat />
  </AgentProvider>
);
// #endregion sample

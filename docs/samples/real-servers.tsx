import { AgentProvider } from "@tandem/react";
import { Chat } from "@tandem/ui";

// #region copilotkit
export const WithCopilotKitRuntime = () => (
  <AgentProvider
    url="http://localhost:4000/api/copilotkit/agent/default/run"
    agentId="default"
    stop="http://localhost:4000/api/copilotkit/agent/{agentId}/stop/{threadId}"
  >
    <Chat />
  </AgentProvider>
);
// #endregion copilotkit

// #region stop-body
export const WithOtherStop = () => (
  <AgentProvider
    url="https://my-server/runs"
    stop="https://my-server/threads/{threadId}/cancel"
    stopBody={({ threadId, runId, agentId }) => ({ thread_id: threadId, run_id: runId, agent: agentId })}
  >
    <Chat />
  </AgentProvider>
);
// #endregion stop-body

// #region mastra
export const WithMastra = () => (
  <AgentProvider url="http://localhost:4111/">
    <Chat />
  </AgentProvider>
);
// #endregion mastra

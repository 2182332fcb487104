// #region sample
import { indexedDbStorage } from "@tandem/core";
import { AgentProvider } from "@tandem/react";
import { Chat, ThreadList } from "@tandem/ui";

const storage = indexedDbStorage({ name: "support-chat" }); // once, outside render

export const SupportChat = () => (
  <AgentProvider url="/api/agent" storage={storage}>
    <ThreadList /> {/* or your own, with useThreads() */}
    <Chat />
  </AgentProvider>
);
// #endregion sample

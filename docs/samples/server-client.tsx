import { restStorage } from "@tandem/core";
import { AgentProvider } from "@tandem/react";
import { Chat } from "@tandem/ui";

// #region client
// Once, outside render: the signed-in user's threads, kept by the server (the session cookie goes along).
const storage = restStorage({ url: "/threads", credentials: "include" });

/** The chat against the recipes' server: runs at /agent, joined at /agent/:threadId/:runId; threads at /threads. */
export const ServerChat = () => (
  <AgentProvider url="/agent" resume="/agent/{threadId}/{runId}" storage={storage}>
    <Chat />
  </AgentProvider>
);
// #endregion client

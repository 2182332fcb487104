import { AgentProvider } from "@tandem/react";
import { Chat } from "@tandem/ui";
import { askDialect } from "../../packages/ui/src/examples/customDialect.js";

// #region sample
export const AskChat = () => (
  <AgentProvider transport={askDialect("https://example.com/ask")}>
    <Chat />
  </AgentProvider>
);
// #endregion sample

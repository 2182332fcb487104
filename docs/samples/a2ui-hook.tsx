// #region sample
import { Chat } from "@tandem/ui";
import { useA2uiRenderer } from "@tandem/ui/a2ui";

// Inside <AgentProvider>: the hook, where the entry is imported statically.
export function AssistantPanel() {
  useA2uiRenderer();
  return <Chat />;
}
// #endregion sample

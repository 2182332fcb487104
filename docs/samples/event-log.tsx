import { AgentProvider } from "@tandem/react";
import { Chat } from "@tandem/ui";
import { lazy, Suspense } from "react";

const AgentInspector = lazy(() => import("@tandem/ui/inspector").then((m) => ({ default: m.AgentInspector })));

// #region sample
// The inspector arrives later than the first message: the log keeps what came before it, and
// `diagnostics` keeps what the kit refused, repaired or stripped (its Diagnostics lane).
export const DebugChat = () => (
  <AgentProvider url="/api/agent" eventLog={20_000} diagnostics={500}>
    <Chat />
    <Suspense>
      <AgentInspector />
    </Suspense>
  </AgentProvider>
);
// #endregion sample

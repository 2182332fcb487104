// #region sample
import { AgentProvider } from "@tandem/react";
import { Chat } from "@tandem/ui";
import { lazy, Suspense } from "react";

const AgentInspector = lazy(() => import("@tandem/ui/inspector").then((m) => ({ default: m.AgentInspector })));

export const WithInspector = () => (
  <AgentProvider url="https://your-agent.example.com/run">
    <Chat />
    <Suspense fallback={null}>
      {/* Take secrets out of the request bodies (headers are never recorded) */}
      <AgentInspector redact={(input) => ({ ...input, forwardedProps: {} })} />
    </Suspense>
  </AgentProvider>
);
// #endregion sample

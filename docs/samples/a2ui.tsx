// #region sample
import { AgentProvider } from "@tandem/react";
import { Chat } from "@tandem/ui";
import type { A2uiCatalog } from "@tandem/ui/a2ui";
import { lazy, Suspense } from "react";

// The A2UI renderer is an entry of its own: load it when the app mounts the chat.
const A2ui = lazy(() => import("@tandem/ui/a2ui").then((m) => ({ default: m.A2uiRenderer })));

// Your own components, by the name the agent uses; the basic catalog stays available.
const catalog: A2uiCatalog = {
  PriceTag: ({ component, read }) => <strong>{String(read(component.amount) ?? "")} €</strong>,
  Stars: ({ component, read, write }) => (
    <input
      type="range"
      aria-label="Rating"
      min={1}
      max={5}
      value={Number(read(component.value) ?? 3)}
      onChange={(e) => write(component.value, Number(e.target.value))}
    />
  ),
};

export const ChatWithA2ui = () => (
  <AgentProvider url="https://your-agent.example.com/run">
    <Suspense fallback={null}>
      <A2ui catalog={catalog} />
    </Suspense>
    <Chat />
  </AgentProvider>
);
// #endregion sample

import { lazy, Suspense } from "react";

// The shipped inspector, loaded on demand like any app would: it is not in @tandem/ui's main entry.
const AgentInspector = lazy(() => import("@tandem/ui/inspector").then((m) => ({ default: m.AgentInspector })));

/** The thread's runs, events, requests and state, with "Export recording": `<AgentInspector>` from `@tandem/ui/inspector`. */
export function EventInspector() {
  return (
    <Suspense fallback={<p className="pg-inspector__loading">Loading the inspector…</p>}>
      <AgentInspector className="pg-inspector" />
    </Suspense>
  );
}

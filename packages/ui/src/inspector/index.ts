/**
 * AgentInspector, devtools for a thread, an entry of its own.
 *
 * @module @tandem/ui/inspector
 */
"use client";
// A client module for React Server Components, as the main entry.

// `@tandem/ui/inspector`: devtools for a thread, an entry of its own so the main bundle never
// carries it. Load it on demand with React's lazy() and a dynamic import of this entry (see the
// README, "Turn a real conversation into a test").

export { AgentInspector, type AgentInspectorProps } from "./AgentInspector.js";
export { diffState, type StateChange } from "./stateDiff.js";

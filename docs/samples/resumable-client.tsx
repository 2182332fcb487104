import { AgentProvider, useAgent } from "@tandem/react";
import { Chat } from "@tandem/ui";

// #region options
export const ResumingChat = () => (
  <AgentProvider
    url="/api/agent"
    // A dropped stream: up to 6 tries, waits doubling from 500 ms up to 8 s, 30 s in all (the defaults).
    reconnect={{ tries: 6, delayMs: 500, maxDelayMs: 8_000, totalMs: 30_000 }}
    // A run cut by a reload is read on if its last event is less than 2 minutes old (the default).
    resumeWindowMs={120_000}
  >
    <Chat />
  </AgentProvider>
);
// #endregion options

// #region join
// A server that joins runs through another endpoint: GET it with Last-Event-ID instead of POSTing again.
export const JoiningChat = () => (
  <AgentProvider url="/api/runs" resume="/api/threads/{threadId}/runs/{runId}/stream">
    <Chat />
  </AgentProvider>
);
// #endregion join

// #region status
/** Your own status line: `reconnecting` is true while a dropped reply reconnects. */
export function ConnectionStatus() {
  const { status, reconnecting } = useAgent();
  if (reconnecting) return <p>Reconnecting…</p>;
  return status === "running" ? <p>Replying…</p> : null;
}
// #endregion status

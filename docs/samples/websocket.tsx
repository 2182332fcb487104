import http, { type IncomingMessage } from "node:http";
import type { BaseEvent, RunAgentInput } from "@tandem/core";
import { AgentProvider } from "@tandem/react";
import { agentHandler, agentSocketHandler, resumableRuns } from "@tandem/server";
import { Chat } from "@tandem/ui";

// #region client
// Runs go over one WebSocket per thread: ws://host/api/agent here (the URL's scheme made ws:).
// `websocket="wss://other/agent"` names another socket URL.
export const SocketChat = () => (
  <AgentProvider url="/api/agent" websocket>
    <Chat />
  </AgentProvider>
);
// #endregion client

/** Your agent: any `AbstractAgent`, or an async iterable of AG-UI events. */
async function* hello({ threadId, runId }: RunAgentInput): AsyncGenerator<BaseEvent> {
  yield { type: "RUN_STARTED", threadId, runId } as BaseEvent;
  yield { type: "RUN_FINISHED", threadId, runId } as BaseEvent;
}

// #region server
// One set of runs behind both bindings: a POST (SSE) and a socket read the same runs.
const runs = resumableRuns<IncomingMessage>({ authorize: (req, access) => req.headers.cookie !== undefined && access.threadId !== "" });
const server = http.createServer(agentHandler({ runs, source: hello }));
const sockets = agentSocketHandler({ runs, source: hello, path: /^\/api\/agent$/ });
server.on("upgrade", (req, socket, head) => {
  if (!sockets.upgrade(req, socket, head)) socket.destroy();
});

// #endregion server

export { server };

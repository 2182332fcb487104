// CopilotKit's runtime (@copilotkit/runtime, v2 API) with its built-in agent over the AI SDK's
// mock language model, on 127.0.0.1 and a free port.
import http from "node:http";
import { BuiltInAgent, CopilotRuntime, defineTool } from "@copilotkit/runtime/v2";
import { createCopilotNodeListener } from "@copilotkit/runtime/v2/node";
import { MockLanguageModelV3 } from "ai/test";
import { z } from "zod";
import { reply, streamOf } from "./script.mjs";

/** @returns {Promise<{ name: string, url: string, stop?: string, close(): Promise<void> }>} */
export async function startCopilotKit() {
  const memory = { failed: new Set(), stateTool: "AGUISendStateSnapshot", stateArgs: (snapshot) => ({ snapshot }) };
  const model = new MockLanguageModelV3({
    doStream: async ({ prompt, abortSignal }) => ({ stream: streamOf(reply(prompt, memory), "v3", abortSignal) }),
  });
  // maxSteps > 1: after a server-side tool (the state tool) the model is asked again and says
  // what it did; a frontend tool has no result on the server, so the run ends at its call.
  // choose_seat is an interrupt tool: calling it ends the run with an AG-UI interrupt, and the
  // person's answer comes back as its result on the resume run.
  const choose = defineTool({
    name: "choose_seat",
    description: "Ask the person where they want to sit.",
    parameters: z.object({}),
    interrupt: true,
    interruptMessage: "Window or aisle?",
  });
  // #region server
  const runtime = new CopilotRuntime({ agents: { default: new BuiltInAgent({ model, maxSteps: 3, tools: [choose] }) } });
  const server = http.createServer(createCopilotNodeListener({ runtime, basePath: "/api/copilotkit", cors: true }));
  // #endregion server
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${server.address().port}/api/copilotkit`;
  return {
    name: "CopilotKit runtime",
    url: `${base}/agent/default/run`,
    stop: `${base}/agent/{agentId}/stop/{threadId}`,
    close: () => closeServer(server),
  };
}

/** Closes a server and every connection still open on it (a run left streaming, a keep-alive). */
export function closeServer(server) {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

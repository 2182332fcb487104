// @ts-check
// CopilotKit's runtime (@copilotkit/runtime, v2 API) with its built-in agent over the AI SDK's
// mock language model, on 127.0.0.1 and a free port.
import http from "node:http";
import { BuiltInAgent, CopilotRuntime, defineTool } from "@copilotkit/runtime/v2";
import { createCopilotNodeListener } from "@copilotkit/runtime/v2/node";
import { MockLanguageModelV3 } from "ai/test";
import { z } from "zod";
import { closeServer, listen } from "./http.mjs";
import { scriptedStream, scriptMemory, weatherIn } from "./script.mjs";

/** @returns {Promise<import("./script.mjs").Runtime>} */
export async function startCopilotKit() {
  const memory = scriptMemory({ stateTool: "AGUISendStateSnapshot", stateArgs: (snapshot) => ({ snapshot }) });
  const model = new MockLanguageModelV3({
    doStream: scriptedStream(memory, "v3"),
  });
  // maxSteps > 1: after a server-side tool (get_weather, the state tool) the model is asked again and says
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
  const getWeather = defineTool({
    name: "get_weather",
    description: "The weather in a city.",
    parameters: z.object({ city: z.string() }),
    execute: async ({ city }) => weatherIn(city),
  });
  // #region server
  const runtime = new CopilotRuntime({ agents: { default: new BuiltInAgent({ model, maxSteps: 3, tools: [choose, getWeather] }) } });
  const server = http.createServer(createCopilotNodeListener({ runtime, basePath: "/api/copilotkit", cors: true }));
  // #endregion server
  const base = `${await listen(server)}/api/copilotkit`;
  return {
    name: "CopilotKit runtime",
    url: `${base}/agent/default/run`,
    stop: `${base}/agent/{agentId}/stop/{threadId}`,
    hold: memory.hold,
    close: () => closeServer(server),
  };
}

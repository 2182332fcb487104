// @ts-check
// A Mastra agent (@mastra/core) over the AI SDK's mock language model, served as AG-UI through
// @ag-ui/mastra's MastraAgent: a POST of RunAgentInput is answered with the agent's events as
// SSE, the way AG-UI's own examples host an agent. On 127.0.0.1 and a free port.
import http from "node:http";
import { MastraAgent } from "@ag-ui/mastra";
import { Agent } from "@mastra/core/agent";
import { InMemoryStore } from "@mastra/core/storage";
import { createTool } from "@mastra/core/tools";
import { Memory } from "@mastra/memory";
import { z } from "zod";
import { agUiHandler, closeServer, listen } from "./http.mjs";
import { scriptedModelV2, scriptMemory, weatherIn } from "./script.mjs";

/** get_weather as a Mastra tool (the A2A supervisor's, a2a.mjs, too). */
export const weatherTool = () =>
  createTool({
    id: "get_weather",
    description: "The weather in a city.",
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ context }) => weatherIn(context.city),
  });

/** @returns {Promise<import("./script.mjs").Runtime>} */
export async function startMastra() {
  // Shared state, the Mastra way @ag-ui/mastra maps it: the thread's working memory (JSON, by
  // schema). The client's state is written into it when a run starts; the model's
  // updateWorkingMemory call changes it; its content is the STATE_SNAPSHOT at the run's end.
  const memory = scriptMemory({ stateTool: "updateWorkingMemory", stateArgs: (state) => ({ memory: state }) });
  const agent = new Agent({
    name: "tandem-test",
    instructions: "You are a test agent.",
    model: scriptedModelV2(memory),
    tools: { get_weather: weatherTool() },
    memory: new Memory({
      storage: new InMemoryStore(),
      // The client sends the whole conversation every run: nothing is recalled on top of it.
      options: {
        lastMessages: false,
        semanticRecall: false,
        threads: { generateTitle: false },
        workingMemory: { enabled: true, scope: "thread", schema: z.object({ recipe: z.any() }) },
      },
    }),
  });
  // #region server
  // Stop: the client closes the stream, and the agent's run is unsubscribed from.
  const server = http.createServer(agUiHandler((input) => new MastraAgent({ agentId: "default", agent, resourceId: "tests" }).run(input)));
  // #endregion server
  return { name: "Mastra", url: `${await listen(server)}/`, hold: memory.hold, close: () => closeServer(server) };
}

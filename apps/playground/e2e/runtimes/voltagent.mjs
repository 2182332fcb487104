// @ts-check
// A VoltAgent agent (@voltagent/core) over the AI SDK's mock language model, served as AG-UI
// through @voltagent/ag-ui's VoltAgentAGUI (an @ag-ui/client AbstractAgent): a POST of
// RunAgentInput is answered with its events as SSE, like mastra.mjs. On 127.0.0.1 and a free port.
//   get_weather   a server tool (a VoltAgent createTool)
//   delete_file   a server tool with needsApproval (the AI SDK 6's tool approval)
//   shared state  the conversation's working memory (JSON, by schema): the adapter writes the
//                 client's state into it when a run starts and sends it as a STATE_SNAPSHOT at the
//                 end; the model changes it with VoltAgent's own update_working_memory tool
import http from "node:http";
import { MockLanguageModelV3 } from "ai/test";
import { z } from "zod";
import { agUiHandler, closeServer, listen } from "./http.mjs";
import { scriptedStream, scriptMemory, weatherIn } from "./script.mjs";

/**
 * @voltagent/core, loaded as in production: out of it (NODE_ENV unset or not "production") it
 * fetches https://models.dev when it loads and writes the list under ~/.voltagent.
 */
async function loadVoltAgent() {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    const core = await import("@voltagent/core");
    const { VoltAgentAGUI } = await import("@voltagent/ag-ui");
    return { ...core, VoltAgentAGUI };
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/** @returns {Promise<import("./script.mjs").Runtime>} */
export async function startVoltAgent() {
  const { Agent, Memory, InMemoryStorageAdapter, createTool, VoltAgentAGUI } = await loadVoltAgent();
  const memory = scriptMemory({ stateTool: "update_working_memory", stateArgs: (state) => ({ content: state, mode: "replace" }) });
  // VoltAgent 2.x runs on the AI SDK 6: a language model of specification v3.
  const model = new MockLanguageModelV3({
    doStream: scriptedStream(memory, "v3"),
  });
  const getWeather = createTool({
    name: "get_weather",
    description: "The weather in a city.",
    parameters: z.object({ city: z.string() }),
    execute: async ({ city }) => weatherIn(city),
  });
  const deleteFile = createTool({
    name: "delete_file",
    description: "Delete a file (asks the person first).",
    parameters: z.object({ path: z.string() }),
    needsApproval: true,
    execute: async ({ path }) => ({ deleted: path }),
  });
  // #region agent
  const agent = new Agent({
    name: "tandem-test",
    instructions: "You are a test agent.",
    model,
    tools: [getWeather, deleteFile],
    maxSteps: 3,
    // VoltAgent retries a failed model call (3 times by default): the scripted failure is to
    // reach the client, as it would once the retries ran out.
    maxRetries: 0,
    memory: new Memory({
      storage: new InMemoryStorageAdapter(),
      workingMemory: { enabled: true, scope: "conversation", schema: z.object({ recipe: z.any() }) },
    }),
  });
  // #endregion agent
  // @voltagent/ag-ui 1.0.3 console.logs every event it sends ("[VoltAgentAGUI] emit event"),
  // unconditionally: filtered out of the tests' output while this server runs.
  const log = console.log;
  console.log = (first, ...rest) => {
    if (typeof first === "string" && first.startsWith("[VoltAgentAGUI]")) return;
    log(first, ...rest);
  };
  // #region server
  // Stop: the client closes the stream; unsubscribing aborts the agent's run.
  const server = http.createServer(agUiHandler((input) => new VoltAgentAGUI({ agent, deriveUserId: () => "tests" }).run(input)));
  // #endregion server
  return {
    name: "VoltAgent",
    url: `${await listen(server)}/`,
    hold: memory.hold,
    close: async () => {
      await closeServer(server);
      console.log = log;
    },
  };
}

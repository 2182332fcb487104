// A Mastra agent (@mastra/core) over the AI SDK's mock language model, served as AG-UI through
// @ag-ui/mastra's MastraAgent: a POST of RunAgentInput is answered with the agent's events as
// SSE, the way AG-UI's own examples host an agent. On 127.0.0.1 and a free port.
import http from "node:http";
import { MastraAgent } from "@ag-ui/mastra";
import { Agent } from "@mastra/core/agent";
import { InMemoryStore } from "@mastra/core/storage";
import { Memory } from "@mastra/memory";
import { z } from "zod";
import { closeServer } from "./copilotkit.mjs";
import { reply, streamOf } from "./script.mjs";

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, OPTIONS",
  "access-control-allow-headers": "*, content-type, authorization",
};

/** @returns {Promise<{ name: string, url: string, stop?: string, close(): Promise<void> }>} */
export async function startMastra() {
  // Shared state, the Mastra way @ag-ui/mastra maps it: the thread's working memory (JSON, by
  // schema). The client's state is written into it when a run starts; the model's
  // updateWorkingMemory call changes it; its content is the STATE_SNAPSHOT at the run's end.
  const memory = { failed: new Set(), stateTool: "updateWorkingMemory", stateArgs: (state) => ({ memory: state }) };
  // A language model of the AI SDK 5's specification (v2), what Mastra 0.24 takes. (The AI SDK
  // 5's own MockLanguageModelV2, in `ai/test`, needs msw installed; this is all it does here.)
  const model = {
    specificationVersion: "v2",
    provider: "mock",
    modelId: "mock",
    supportedUrls: {},
    doGenerate: () => Promise.reject(new Error("Only streaming is scripted")),
    doStream: async ({ prompt, abortSignal }) => ({ stream: streamOf(reply(prompt, memory), "v2", abortSignal) }),
  };
  const agent = new Agent({
    name: "tandem-test",
    instructions: "You are a test agent.",
    model,
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
  const server = http.createServer(async (req, res) => {
    if (req.method === "OPTIONS") return res.writeHead(204, CORS).end();
    if (req.method !== "POST") return res.writeHead(404, CORS).end();
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const input = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    res.writeHead(200, { ...CORS, "content-type": "text/event-stream", "cache-control": "no-cache" });
    const write = (event) => res.write(`data: ${JSON.stringify(event)}\n\n`);
    const subscription = new MastraAgent({ agentId: "default", agent, resourceId: "tests" }).run(input).subscribe({
      next: write,
      error: (error) => {
        write({ type: "RUN_ERROR", message: error instanceof Error ? error.message : String(error) });
        res.end();
      },
      complete: () => res.end(),
    });
    // Stop: the client closes the stream, and the agent's run is unsubscribed from.
    res.on("close", () => subscription.unsubscribe());
  });
  // #endregion server
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { name: "Mastra", url: `http://127.0.0.1:${server.address().port}/`, close: () => closeServer(server) };
}

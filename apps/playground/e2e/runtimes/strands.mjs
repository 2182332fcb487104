// @ts-check
// An AWS Strands agent (@strands-agents/sdk, TypeScript) over a scripted model (a subclass of its
// Model, as its own tests fake one), served as AG-UI by @ag-ui/aws-strands's StrandsAgent: a POST
// of RunAgentInput is answered with its run's events as SSE. On 127.0.0.1 and a free port.
// (The adapter's own Express server, `@ag-ui/aws-strands/server`, does not load beside
// @ag-ui/core 1.0: it imports RunAgentInputSchema from "@ag-ui/core", which 1.0 moved to
// "@ag-ui/core/schemas". Strands lives in the `strands/` workspace: it needs zod 4.)
//   get_weather   a server tool
//   delete_file   a server tool that asks first: Strands' context.interrupt(), which the adapter
//                 reports as RUN_FINISHED with an interrupt outcome (a question: its reason is the
//                 interrupt's reason and message; no toolCallId, no responseSchema) and resumes
//                 from `resume`, whose payload interrupt() returns: "yes" deletes
//   set_recipe    a server tool whose arguments are the shared state (the adapter's stateFromArgs)
import http from "node:http";
import { CORS, closeServer, listen, readJson } from "./http.mjs";
import { deltasOf, nextId, reply, scriptMemory, weatherIn } from "./script.mjs";

/** Strands' messages (content blocks) as the AI SDK prompt script.mjs reads. */
function promptOf(messages) {
  const names = new Map();
  const textOf = (blocks) =>
    blocks.map((b) => (b.type === "textBlock" ? b.text : b.type === "jsonBlock" ? JSON.stringify(b.json) : "")).join("");
  return messages.map((m) => {
    for (const b of m.content) if (b.type === "toolUseBlock") names.set(b.toolUseId, b.name);
    const results = m.content.filter((b) => b.type === "toolResultBlock");
    if (results.length)
      return {
        role: "tool",
        content: results.map((b) => ({ type: "tool-result", toolName: names.get(b.toolUseId), output: { value: textOf(b.content) } })),
      };
    return { role: m.role, content: textOf(m.content) };
  });
}

const { Agent, FunctionTool, Model, StrandsAgent } = await import("./strands/index.mjs");

/** A Strands Model whose stream is what script.mjs says, as Strands' model stream events. */
class ScriptedModel extends Model {
  constructor(memory) {
    super();
    this.memory = memory;
    this.config = { modelId: "scripted" };
  }
  updateConfig(config) {
    Object.assign(this.config, config);
  }
  getConfig() {
    return this.config;
  }
  /**
   * @param {import("./strands/index.mjs").Message[]} messages
   * @param {import("./strands/index.mjs").StreamOptions} [options]
   * @returns {AsyncGenerator<import("./strands/index.mjs").ModelStreamEvent>}
   */
  async *stream(messages, options) {
    const signal = options?.cancelSignal;
    yield { type: "modelMessageStartEvent", role: "assistant" };
    /** @type {"endTurn" | "toolUse"} */
    let stopReason = "endTurn";
    const offered = (options?.toolSpecs ?? []).map((spec) => spec.name);
    for (const part of reply(promptOf(messages), this.memory, offered)) {
      if ("error" in part) throw new Error(part.error);
      if ("tool" in part) {
        yield { type: "modelContentBlockStartEvent", start: { type: "toolUseStart", name: part.tool, toolUseId: nextId("call") } };
        yield { type: "modelContentBlockDeltaEvent", delta: { type: "toolUseInputDelta", input: JSON.stringify(part.args) } };
        yield { type: "modelContentBlockStopEvent" };
        stopReason = "toolUse";
        continue;
      }
      yield { type: "modelContentBlockStartEvent" };
      for await (const text of deltasOf(part, signal)) yield { type: "modelContentBlockDeltaEvent", delta: { type: "textDelta", text } };
      yield { type: "modelContentBlockStopEvent" };
    }
    yield { type: "modelMessageStopEvent", stopReason };
  }
}

/**
 * A JSON Schema object whose properties are all required.
 * @param {Record<string, import("./strands/index.mjs").JSONSchema>} properties
 * @returns {import("./strands/index.mjs").JSONSchema}
 */
const object = (properties) => ({ type: "object", properties, required: Object.keys(properties) });

/** @returns {Promise<import("./script.mjs").Runtime>} */
export async function startStrands() {
  const memory = scriptMemory({ stateTool: "set_recipe", stateArgs: (state) => state });
  // #region agent
  const tools = [
    new FunctionTool({
      name: "get_weather",
      description: "The weather in a city.",
      inputSchema: object({ city: { type: "string" } }),
      callback: ({ city }) => weatherIn(city),
    }),
    new FunctionTool({
      name: "delete_file",
      description: "Delete a file (asks the person first).",
      inputSchema: object({ path: { type: "string" } }),
      callback: ({ path }, context) => {
        const answer = context.interrupt({ name: "delete_file", reason: `Delete ${path}? Answer yes or no.` });
        return answer === "yes" ? { deleted: path } : { deleted: false };
      },
    }),
    new FunctionTool({
      name: "set_recipe",
      description: "Replace the shared recipe.",
      inputSchema: object({ recipe: { type: "object" } }),
      callback: () => ({ ok: true }),
    }),
  ];
  const template = new Agent({ model: new ScriptedModel(memory), tools, systemPrompt: "You are a test agent.", printer: false });
  const agent = new StrandsAgent({
    agent: template,
    name: "tandem-test",
    config: { toolBehaviors: { set_recipe: { stateFromArgs: (ctx) => /** @type {Record<string, unknown>} */ (ctx.toolInput) } } },
  });
  // #endregion agent
  // #region server
  const server = http.createServer(async (req, res) => {
    if (req.method === "OPTIONS") return void res.writeHead(204, CORS).end();
    if (req.method !== "POST") return void res.writeHead(404, CORS).end();
    const input = await readJson(req);
    res.writeHead(200, { ...CORS, "content-type": "text/event-stream", "cache-control": "no-cache" });
    // StrandsAgent.run is an async generator of AG-UI events; returning it (Stop: the client
    // closed the stream) aborts the Strands invocation, once the generator is at its next event
    // (an async generator's return waits for the step under way: a model that has not streamed
    // its next token yet holds the thread's run until it does).
    const events = agent.run(input);
    res.on("close", () => void events.return(undefined).catch(() => {}));
    try {
      for await (const event of events) {
        if (res.writableEnded || res.destroyed) break;
        res.write(`data: ${JSON.stringify(event)}\n\n`);
      }
    } catch (error) {
      res.write(`data: ${JSON.stringify({ type: "RUN_ERROR", message: error instanceof Error ? error.message : String(error) })}\n\n`);
    }
    res.end();
  });
  // #endregion server
  return { name: "AWS Strands", url: `${await listen(server)}/`, hold: memory.hold, close: () => closeServer(server) };
}

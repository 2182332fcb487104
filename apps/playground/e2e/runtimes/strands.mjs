// An AWS Strands agent (@strands-agents/sdk, TypeScript) over a scripted model (a subclass of its
// Model, as its own tests fake one), served as AG-UI by @ag-ui/aws-strands's StrandsAgent: a POST
// of RunAgentInput is answered with its run's events as SSE. On 127.0.0.1 and a free port.
// (The adapter's own Express server, `@ag-ui/aws-strands/server`, does not load beside
// @ag-ui/core 1.0: it imports RunAgentInputSchema from "@ag-ui/core", which 1.0 moved to
// "@ag-ui/core/schemas". Strands lives in the `strands/` workspace: it needs zod 4.)
//   get_weather   a server tool
//   delete_file   a server tool that asks first: Strands' context.interrupt(), which the adapter
//                 reports as RUN_FINISHED with an interrupt outcome and resumes from `resume`
//   set_recipe    a server tool whose arguments are the shared state (the adapter's stateFromArgs)
import http from "node:http";
import { closeServer } from "./copilotkit.mjs";
import { reply } from "./script.mjs";

let ids = 0;
const nextId = (prefix) => `${prefix}-${++ids}-${Date.now().toString(36)}`;
const sleep = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

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

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, OPTIONS",
  "access-control-allow-headers": "*, content-type, authorization",
};

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
  async *stream(messages, options) {
    const signal = options?.cancelSignal;
    yield { type: "modelMessageStartEvent", role: "assistant" };
    let stopReason = "endTurn";
    for (const part of reply(promptOf(messages), this.memory)) {
      if ("error" in part) throw new Error(part.error);
      if ("tool" in part) {
        yield { type: "modelContentBlockStartEvent", start: { type: "toolUseStart", name: part.tool, toolUseId: nextId("call") } };
        yield { type: "modelContentBlockDeltaEvent", delta: { type: "toolUseInputDelta", input: JSON.stringify(part.args) } };
        yield { type: "modelContentBlockStopEvent" };
        stopReason = "toolUse";
        continue;
      }
      yield { type: "modelContentBlockStartEvent" };
      for (const text of part.text) {
        if (signal?.aborted) break;
        yield { type: "modelContentBlockDeltaEvent", delta: { type: "textDelta", text } };
        await sleep(part.delayMs ?? 5, signal);
      }
      yield { type: "modelContentBlockStopEvent" };
    }
    yield { type: "modelMessageStopEvent", stopReason };
  }
}

const object = (properties) => ({ type: "object", properties, required: Object.keys(properties) });

/** @returns {Promise<{ name: string, url: string, stop?: string, close(): Promise<void> }>} */
export async function startStrands() {
  const memory = { failed: new Set(), stateTool: "set_recipe", stateArgs: (state) => state };
  const tools = [
    new FunctionTool({
      name: "get_weather",
      description: "The weather in a city.",
      inputSchema: object({ city: { type: "string" } }),
      callback: ({ city }) => ({ city, sky: "sunny", celsius: 21 }),
    }),
    new FunctionTool({
      name: "delete_file",
      description: "Delete a file (asks the person first).",
      inputSchema: object({ path: { type: "string" } }),
      callback: ({ path }, context) => {
        const answer = context.interrupt({ name: "delete_file", reason: { message: `Delete ${path}?` } });
        return answer?.approved ? { deleted: path } : { deleted: false };
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
    config: { toolBehaviors: { set_recipe: { stateFromArgs: (ctx) => ctx.toolInput } } },
  });
  // #region server
  const server = http.createServer(async (req, res) => {
    if (req.method === "OPTIONS") return res.writeHead(204, CORS).end();
    if (req.method !== "POST") return res.writeHead(404, CORS).end();
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const input = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    res.writeHead(200, { ...CORS, "content-type": "text/event-stream", "cache-control": "no-cache" });
    // StrandsAgent.run is an async generator of AG-UI events; returning it (Stop: the client
    // closed the stream) aborts the Strands invocation through its cancelSignal.
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
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { name: "AWS Strands", url: `http://127.0.0.1:${server.address().port}/`, close: () => closeServer(server) };
}

// A LangGraph.js graph (langgraphGraph.mjs) on LangGraph's own API server, in process and in
// memory (@langchain/langgraph-api's startServer), fronted by @ag-ui/langgraph's LangGraphAgent
// with its default settings: a POST of RunAgentInput is answered with the agent's events as SSE.
// LangGraph's interrupt() reaches the client the adapter's default way: a CUSTOM "on_interrupt"
// event and a RUN_FINISHED without an outcome; the answer goes back as forwardedProps.command.resume.
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LangGraphAgent } from "@ag-ui/langgraph";
import { closeServer } from "./copilotkit.mjs";

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, OPTIONS",
  "access-control-allow-headers": "*, content-type, authorization",
};

/** @returns {Promise<{ name: string, url: string, close(): Promise<void> }>} */
export async function startLangGraph() {
  // LangGraph's server keeps its runs and checkpoints in memory and flushes them to files in
  // `cwd`: a folder of its own, removed on close.
  const cwd = await mkdtemp(path.join(os.tmpdir(), "tandem-langgraph-"));
  const file = (name) => fileURLToPath(new URL(name, import.meta.url));
  // Its logger reads LOG_LEVEL when it loads: the tests want its errors only.
  process.env.LOG_LEVEL ??= "error";
  const { startServer } = await import("@langchain/langgraph-api/server");
  const langgraph = await startServer({
    port: 0,
    nWorkers: 2,
    host: "127.0.0.1",
    cwd,
    graphs: { agent: `${file("./langgraphGraph.mjs")}:graph` },
    http: { app: `${file("./langgraphRoutes.mjs")}:app` },
  });
  const deploymentUrl = `http://${langgraph.host}`;
  // #region server
  const server = http.createServer(async (req, res) => {
    if (req.method === "OPTIONS") return res.writeHead(204, CORS).end();
    if (req.method !== "POST") return res.writeHead(404, CORS).end();
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const input = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    res.writeHead(200, { ...CORS, "content-type": "text/event-stream", "cache-control": "no-cache" });
    const write = (event) => res.write(`data: ${JSON.stringify(event)}\n\n`);
    // One agent per request: the adapter keeps the run it serves in the instance.
    const agent = new LangGraphAgent({ deploymentUrl, graphId: "agent" });
    const subscription = agent.run(input).subscribe({
      next: write,
      error: (error) => {
        write({ type: "RUN_ERROR", message: error instanceof Error ? error.message : String(error) });
        res.end();
      },
      complete: () => res.end(),
    });
    res.on("close", () => {
      subscription.unsubscribe();
      if (!res.writableFinished) agent.abortRun();
    });
  });
  // #endregion server
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    name: "LangGraph",
    url: `http://127.0.0.1:${server.address().port}/`,
    close: async () => {
      await closeServer(server);
      await langgraph.cleanup();
      await rm(cwd, { recursive: true, force: true });
    },
  };
}

// @ts-check
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
import { agUiHandler, closeServer, listen } from "./http.mjs";
import { scriptMemory } from "./script.mjs";

/** @returns {Promise<import("./script.mjs").Runtime>} */
export async function startLangGraph() {
  // The graph's scripted model reads its memory here (langgraphGraph.mjs, MEMORY): LangGraph's
  // server loads the graph by path, in this process.
  const memory = scriptMemory({ stateTool: "set_recipe", stateArgs: (state) => state });
  /** @type {any} */ (globalThis)[Symbol.for("tandem.e2e.langgraph.memory")] = memory;
  // LangGraph's server keeps its runs and checkpoints in memory and flushes them to files in
  // `cwd`: a folder of its own, removed on close.
  const cwd = await mkdtemp(path.join(os.tmpdir(), "tandem-langgraph-"));
  const file = (/** @type {string} */ name) => fileURLToPath(new URL(name, import.meta.url));
  // Its logger reads LOG_LEVEL when it loads: the tests want its errors only.
  process.env.LOG_LEVEL ??= "error";
  const { startServer } = await import("@langchain/langgraph-api/server");
  const langgraph = await startServer({
    port: 0,
    nWorkers: 2,
    host: "127.0.0.1",
    cwd,
    graphs: { agent: `${file("./langgraphGraph.mjs")}:graph` },
    http: {
      app: `${file("./langgraphRoutes.mjs")}:app`,
      // The server's own routes, all on (its defaults).
      disable_assistants: false,
      disable_threads: false,
      disable_runs: false,
      disable_store: false,
      disable_meta: false,
    },
  });
  const deploymentUrl = `http://${langgraph.host}`;
  // #region server
  const server = http.createServer(
    agUiHandler((input, closed) => {
      // One agent per request: the adapter keeps the run it serves in the instance. Stop (the
      // client closes the stream first) cancels the graph's run on LangGraph's server.
      const agent = new LangGraphAgent({ deploymentUrl, graphId: "agent" });
      closed.addEventListener("abort", () => agent.abortRun());
      return agent.run(input);
    }),
  );
  // #endregion server
  return {
    name: "LangGraph",
    url: `${await listen(server)}/`,
    hold: memory.hold,
    close: async () => {
      await closeServer(server);
      await langgraph.cleanup();
      await rm(cwd, { recursive: true, force: true });
    },
  };
}

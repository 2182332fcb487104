// @ts-check
// Custom routes for LangGraph's API server (its `http.app` option, registered before its own).
// @ag-ui/langgraph asks for the graph's schemas on every run; the server works them out by
// compiling the graph's TypeScript source, which takes ~25 s on a busy 2-core machine and fails
// for a plain .mjs graph (then each run waits out the client's retries). The graph's state
// (langgraphGraph.mjs's State) is LangGraph's MessagesAnnotation, the shared `recipe` and the
// page's `tools`, so its schemas are this, answered at once. (The adapter sends the graph only the
// input keys the schema names.)
import { Hono } from "hono";

const messages = {
  type: "object",
  properties: { messages: { type: "array", items: { type: "object" } }, recipe: { type: "object" }, tools: { type: "array" } },
};

export const app = new Hono().get("/assistants/:assistantId/schemas", (c) =>
  c.json({
    graph_id: "agent",
    input_schema: messages,
    output_schema: messages,
    state_schema: messages,
    config_schema: null,
    context_schema: null,
  }),
);

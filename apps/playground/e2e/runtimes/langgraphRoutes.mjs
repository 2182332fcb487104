// Custom routes for LangGraph's API server (its `http.app` option, registered before its own).
// @ag-ui/langgraph asks for the graph's schemas on every run; the server works them out by
// compiling the graph's TypeScript source, which takes ~25 s on a busy 2-core machine and fails
// for a plain .mjs graph (then each run waits out the client's retries). The graph's state is
// LangGraph's MessagesAnnotation, so its schemas are this, answered at once.
import { Hono } from "hono";

const messages = { type: "object", properties: { messages: { type: "array", items: { type: "object" } } } };

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

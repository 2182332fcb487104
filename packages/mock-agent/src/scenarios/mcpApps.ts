import { newId, run, toolCall, toolResult } from "../steps.js";
import type { Script } from "../types.js";
import { MOCK_COUNTER_HTML, MOCK_COUNTER_URI } from "./mcpAppsHtml.js";

const SERVER = "tandem-mock";

/** What an MCP server would answer, for the requests `@ag-ui/mcp-apps-middleware` lets an app make. */
function answer(request: { method?: unknown; params?: { uri?: unknown; name?: unknown; arguments?: { count?: unknown } } }): unknown {
  if (request.method === "resources/read" && request.params?.uri === MOCK_COUNTER_URI) {
    return { contents: [{ uri: MOCK_COUNTER_URI, mimeType: "text/html;profile=mcp-app", text: MOCK_COUNTER_HTML }] };
  }
  if (request.method === "tools/list") {
    // What the host reads each tool's `_meta.ui.visibility` from: `increment` is for the app
    // only, `delete_everything` for the model only (an app's call to it must be refused).
    return {
      tools: [
        { name: "show_counter", inputSchema: { type: "object" }, _meta: { ui: { resourceUri: MOCK_COUNTER_URI } } },
        { name: "increment", inputSchema: { type: "object" }, _meta: { ui: { resourceUri: MOCK_COUNTER_URI, visibility: ["app"] } } },
        { name: "delete_everything", inputSchema: { type: "object" }, _meta: { ui: { visibility: ["model"] } } },
      ],
    };
  }
  if (request.method === "tools/call" && request.params?.name === "increment") {
    const count = Number(request.params.arguments?.count ?? 0) + 1;
    return { content: [{ type: "text", text: `Count is ${count}.` }], structuredContent: { count } };
  }
  if (request.method === "tools/call") {
    return { content: [{ type: "text", text: `MCP error -32602: Tool ${String(request.params?.name)} not found` }], isError: true };
  }
  return { error: `Error: MCP method not allowed for UI proxy: ${String(request.method)}` };
}

/**
 * MCP Apps as `@ag-ui/mcp-apps-middleware` plays them, without an MCP server: a message runs
 * `show_counter`, whose result comes with an `mcp-apps` activity for the counter app; a run whose
 * `forwardedProps.__proxiedMCPRequest` asks for the app's resource or calls `increment` is
 * answered in RUN_FINISHED's `result`, and adds nothing to the thread.
 */
export const mcpApps: Script = (input, { tokenDelayMs }) => {
  const request = input.forwardedProps?.__proxiedMCPRequest as Parameters<typeof answer>[0] | undefined;
  if (request) return run(input, [], { result: answer(request) });
  const toolCallId = newId("mcp");
  const toolInput = { start: 3 };
  const result = { content: [{ type: "text", text: "The counter starts at 3." }], structuredContent: { count: 3 } };
  return run(input, [
    ...toolCall("show_counter", toolInput, { toolCallId, tokenDelayMs }),
    toolResult(toolCallId, "The counter starts at 3."),
    {
      type: "ACTIVITY_SNAPSHOT",
      messageId: newId("mcp-app"),
      activityType: "mcp-apps",
      content: { result, resourceUri: MOCK_COUNTER_URI, serverHash: SERVER, serverId: SERVER, toolInput },
      replace: true,
    },
  ]);
};

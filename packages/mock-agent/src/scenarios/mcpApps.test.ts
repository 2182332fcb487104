import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockAgent } from "../server.js";
import { post, user } from "../test/http.js";
import type { MockAgent } from "../types.js";
import { MOCK_COUNTER_URI } from "./mcpAppsHtml.js";

let agent: MockAgent;
beforeAll(async () => {
  agent = await startMockAgent();
});
afterAll(() => agent.close());
const url = () => `${agent.baseUrl}/mcp-apps`;
const proxied = (method: string, params: object) => ({
  forwardedProps: { __proxiedMCPRequest: { serverHash: "tandem-mock", serverId: "tandem-mock", method, params } },
});

describe("the mcp-apps scenario", () => {
  it("runs show_counter and sends its app as an mcp-apps activity, as the middleware does", async () => {
    const events = await post(url(), { threadId: "mcp-1", messages: [user("show me a counter")] });
    const types = events.map((e) => e.type);
    expect(types.indexOf("TOOL_CALL_RESULT")).toBeLessThan(types.indexOf("ACTIVITY_SNAPSHOT"));
    expect(events.find((e) => e.type === "ACTIVITY_SNAPSHOT")).toMatchObject({
      activityType: "mcp-apps",
      content: {
        resourceUri: MOCK_COUNTER_URI,
        serverHash: "tandem-mock",
        toolInput: { start: 3 },
        result: { structuredContent: { count: 3 } },
      },
    });
  });

  it("answers the app's resource and tool calls in RUN_FINISHED's result, with no other event", async () => {
    const read = await post(url(), { threadId: "mcp-2", ...proxied("resources/read", { uri: MOCK_COUNTER_URI }) });
    expect(read.map((e) => e.type)).toEqual(["RUN_STARTED", "RUN_FINISHED"]);
    expect(read[1]?.result.contents[0]).toMatchObject({ uri: MOCK_COUNTER_URI, mimeType: "text/html;profile=mcp-app" });
    expect(read[1]?.result.contents[0].text).toContain("ui/initialize");
    const call = await post(url(), { threadId: "mcp-2", ...proxied("tools/call", { name: "increment", arguments: { count: 3 } }) });
    expect(call[1]?.result).toMatchObject({ structuredContent: { count: 4 } });
    const list = await post(url(), { threadId: "mcp-2", ...proxied("tools/list", {}) });
    expect(
      list[1]?.result.tools.map((t: { name: string; _meta: { ui: { visibility?: string[] } } }) => [t.name, t._meta.ui.visibility]),
    ).toEqual([
      ["show_counter", undefined],
      ["increment", ["app"]],
      ["delete_everything", ["model"]],
    ]);
    const refused = await post(url(), { threadId: "mcp-2", ...proxied("prompts/list", {}) });
    expect(refused[1]?.result).toEqual({ error: "Error: MCP method not allowed for UI proxy: prompts/list" });
  });
});

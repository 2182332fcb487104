// @vitest-environment node
// The host side of the bridge against ext-apps' own App (the view side), linked in memory, with
// every MCP request going through the real @ag-ui/mcp-apps-middleware (over HTTP) to a real MCP
// server.
import { App } from "@modelcontextprotocol/ext-apps";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { AgentClient } from "@tandem/core";
import { type MockAgent, startMockAgent } from "@tandem/mock-agent";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { middlewareScript } from "../test/mcpApps/agent.js";
import { COUNTER_URI, type McpTestServer, startMcpServer } from "../test/mcpApps/mcpServer.js";
import { APP_TOOL_CALL_LIMIT, createHostBridge, type HostBridgeOptions, visibleToApps } from "./bridge.js";
import type { McpAppContent } from "./content.js";
import { mcpRequester, resourceHtml } from "./proxy.js";

let mcp: McpTestServer;
let agent: MockAgent;
let proxied: Array<{ method: string }>;
beforeAll(async () => {
  mcp = await startMcpServer();
  const wrapped = middlewareScript(mcp.url);
  proxied = wrapped.proxied;
  agent = await startMockAgent({ scenario: wrapped.script });
});
afterAll(async () => {
  await agent?.close();
  await mcp?.close();
});

/** Sends "show me a counter" and returns the activity's content, as the middleware emitted it. */
async function openCounter(client: AgentClient): Promise<McpAppContent> {
  await client.sendMessage("show me a counter");
  const activity = client.state.messages.find((m) => m.role === "activity");
  if (activity?.role !== "activity") throw new Error(`no activity: ${JSON.stringify(client.state.messages)}`);
  expect(activity.activityType).toBe("mcp-apps");
  return activity.content as unknown as McpAppContent;
}

/** A host bridge and an App linked in memory; `overrides` replace the host's callbacks. */
async function connected(content: McpAppContent, client: AgentClient, overrides: Partial<HostBridgeOptions> = {}) {
  const sizes: Array<{ height?: number | undefined }> = [];
  const bridge = createHostBridge({
    toolName: "show_counter",
    content,
    request: mcpRequester(client, content),
    hostContext: { theme: "dark", styles: { variables: { "--color-text-primary": "rgb(1, 2, 3)" } } },
    csp: undefined,
    onSize: (size) => sizes.push(size),
    confirmLink: async () => false,
    ...overrides,
  });
  const [hostSide, appSide] = InMemoryTransport.createLinkedPair();
  await bridge.connect(hostSide);
  const app = new App({ name: "Counter", version: "1.0.0" }, {}, { autoResize: false });
  const inputs: unknown[] = [];
  const results: unknown[] = [];
  app.ontoolinput = (params) => inputs.push(params.arguments);
  app.ontoolresult = (result) => results.push(result.structuredContent);
  await app.connect(appSide);
  return { app, bridge, inputs, results, sizes };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe("an MCP app behind @ag-ui/mcp-apps-middleware", () => {
  it("arrives as an mcp-apps activity whose resource is read through the agent, leaving the chat as it was", async () => {
    const client = new AgentClient({ url: agent.url });
    const content = await openCounter(client);
    expect(content).toMatchObject({ resourceUri: COUNTER_URI, serverId: "test-apps", toolInput: { start: 3 } });
    expect(content.result).toMatchObject({ structuredContent: { count: 3 } });
    const before = client.state.messages;
    const { html } = resourceHtml(await mcpRequester(client, content)("resources/read", { uri: content.resourceUri }));
    expect(html).toContain('<button id="add">Add one</button>');
    expect(client.state.messages).toBe(before);
    expect(proxied.at(-1)).toEqual({ method: "resources/read" });
  });

  it("gets the host context at initialize, then the tool's input and result", async () => {
    const client = new AgentClient({ url: agent.url });
    const { app, inputs, results } = await connected(await openCounter(client), client);
    expect(app.getHostContext()).toMatchObject({
      theme: "dark",
      displayMode: "inline",
      toolInfo: { tool: { name: "show_counter" } },
      styles: { variables: { "--color-text-primary": "rgb(1, 2, 3)" } },
    });
    expect(app.getHostVersion()).toEqual({ name: "Tandem", version: "0.1.0" });
    await until(() => results.length === 1);
    expect(inputs).toEqual([{ start: 3 }]);
    expect(results).toEqual([{ count: 3 }]);
  });

  it("calls its server's tool through the agent and gets the result back", async () => {
    const client = new AgentClient({ url: agent.url });
    const { app } = await connected(await openCounter(client), client);
    const result = await app.callServerTool({ name: "increment", arguments: { count: 3 } });
    expect(result.structuredContent).toEqual({ count: 4 });
    expect(mcp.toolCalls.at(-1)).toBe("increment");
    expect(proxied.at(-1)).toEqual({ method: "tools/call" });
    expect(client.state.messages.filter((m) => m.role === "user")).toHaveLength(1);
  });

  it("refuses a tool the server did not list for apps, and refuses every call when the list cannot be read", async () => {
    const client = new AgentClient({ url: agent.url });
    const content = await openCounter(client);
    const { app } = await connected(content, client);
    await expect(app.callServerTool({ name: "no_such_tool", arguments: {} })).rejects.toThrow(
      'the tool "no_such_tool" is not visible to apps',
    );
    const { app: lost } = await connected({ ...content, serverHash: "nope", serverId: "nope" }, client);
    await expect(lost.callServerTool({ name: "increment", arguments: { count: 1 } })).rejects.toThrow(
      "the server's tool list could not be read (Unknown server: nope)",
    );
  });

  it("refuses a call to a tool whose _meta.ui.visibility leaves out the app: the server never receives it", async () => {
    const client = new AgentClient({ url: agent.url });
    const { app } = await connected(await openCounter(client), client);
    const before = mcp.toolCalls.length;
    await expect(app.callServerTool({ name: "delete_everything", arguments: {} })).rejects.toThrow(
      'Refused: the tool "delete_everything" is not visible to apps.',
    );
    expect(mcp.toolCalls.slice(before)).toEqual([]);
    // An app tool still works (visibility ["app"]).
    expect((await app.callServerTool({ name: "increment", arguments: { count: 1 } })).structuredContent).toEqual({ count: 2 });
  });

  it("reads visibility as the spec says: absent means model and app, a list must name the app", () => {
    expect(visibleToApps({ name: "a" })).toBe(true);
    expect(visibleToApps({ name: "a", _meta: { ui: { resourceUri: "ui://x" } } })).toBe(true);
    expect(visibleToApps({ name: "a", _meta: { ui: { visibility: ["app"] } } })).toBe(true);
    expect(visibleToApps({ name: "a", _meta: { ui: { visibility: ["model", "app"] } } })).toBe(true);
    expect(visibleToApps({ name: "a", _meta: { ui: { visibility: ["model"] } } })).toBe(false);
    expect(visibleToApps({ name: "a", _meta: { ui: { visibility: [] } } })).toBe(false);
    expect(visibleToApps({ name: "a", _meta: { ui: { visibility: "app" } } })).toBe(false);
  });

  it("limits an app's tool calls per window: the excess is refused with an error, later calls pass again", async () => {
    const client = new AgentClient({ url: agent.url });
    let clock = 0;
    const sent: string[] = [];
    // A server answered in memory: the limit is the host's, whatever the server.
    const request: HostBridgeOptions["request"] = async (method) => {
      sent.push(method);
      return method === "tools/list" ? { tools: [{ name: "increment" }] } : { content: [], structuredContent: { ok: true } };
    };
    const { app } = await connected(await openCounter(client), client, { now: () => clock, request });
    for (let i = 0; i < APP_TOOL_CALL_LIMIT.calls; i++) await app.callServerTool({ name: "increment", arguments: { count: i } });
    await expect(app.callServerTool({ name: "increment", arguments: { count: 0 } })).rejects.toThrow("Too many tool calls");
    expect(sent.filter((m) => m === "tools/call")).toHaveLength(APP_TOOL_CALL_LIMIT.calls);
    clock += APP_TOOL_CALL_LIMIT.perMs;
    expect((await app.callServerTool({ name: "increment", arguments: { count: 5 } })).structuredContent).toEqual({ ok: true });
  });

  it("opens a link only after the user agrees, and never a non-web one", async () => {
    const client = new AgentClient({ url: agent.url });
    const asked: string[] = [];
    const opened: string[] = [];
    let agree = false;
    const { app } = await connected(await openCounter(client), client, {
      confirmLink: async (url) => {
        asked.push(url);
        return agree;
      },
      openLink: (url) => opened.push(url),
    });
    expect(await app.openLink({ url: "https://example.com/a" })).toMatchObject({ isError: true });
    expect(opened).toEqual([]);
    agree = true;
    expect(await app.openLink({ url: "https://example.com/b" })).not.toHaveProperty("isError", true);
    expect(await app.openLink({ url: "javascript:alert(1)" })).toMatchObject({ isError: true });
    expect(asked).toEqual(["https://example.com/a", "https://example.com/b"]);
    expect(opened).toEqual(["https://example.com/b"]);
  });

  it("passes size changes to the host and refuses chat messages from the app", async () => {
    const client = new AgentClient({ url: agent.url });
    const { app, sizes } = await connected(await openCounter(client), client);
    await app.sendSizeChanged({ width: 300, height: 240 });
    await until(() => sizes.length === 1);
    expect(sizes[0]).toMatchObject({ height: 240 });
    await expect(app.sendMessage({ role: "user", content: [{ type: "text", text: "hi" }] })).rejects.toThrow();
    expect(client.state.messages.filter((m) => m.role === "user")).toHaveLength(1);
  });
});

// A real MCP server (the MCP SDK over Streamable HTTP, stateless, with ext-apps' server helpers)
// serving two apps: a counter (`show_counter` opens it; `increment` is a tool only the app calls)
// and a hostile one (`show_hostile`). Their HTML is built from counterApp.ts / hostileApp.ts.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { RESOURCE_MIME_TYPE, registerAppResource, registerAppTool } from "@modelcontextprotocol/ext-apps/server";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { build } from "esbuild";
import { z } from "zod";

export const COUNTER_URI = "ui://counter/app.html";
export const HOSTILE_URI = "ui://hostile/app.html";

/** The app's script, bundled (ext-apps' App and all) into one inline script. */
async function bundle(file: string): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(file, import.meta.url))],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text.replace(/<\/script/gi, "<\\/script");
}

const page = (body: string, script: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:var(--font-sans,sans-serif);color:var(--color-text-primary,#111);margin:8px}</style></head><body>${body}<script type="module">${script}</script></body></html>`;

export interface McpTestServer {
  url: string;
  /** The names of the tools called, in order. */
  toolCalls: string[];
  /** Requests that reached `/exfiltrate` (the hostile app tries). */
  exfiltrated: string[];
  close(): Promise<void>;
}

/** Starts the server on a free port of 127.0.0.1; its MCP endpoint is `url`. */
export async function startMcpServer(): Promise<McpTestServer> {
  const [counterScript, hostileScript] = await Promise.all([bundle("./counterApp.ts"), bundle("./hostileApp.ts")]);
  const counterHtml = page(
    '<p id="input">Waiting for input</p><p id="count" aria-live="polite">Count: none</p><p id="theme"></p><button id="add">Add one</button> <button id="docs" data-url="http://127.0.0.1:9/docs">Open docs</button><p id="status"></p>',
    counterScript,
  );
  let hostileHtml = "";
  const toolCalls: string[] = [];
  const exfiltrated: string[] = [];

  const mcpServer = () => {
    const server = new McpServer({ name: "tandem-test-apps", version: "1.0.0" });
    registerAppResource(server, "Counter", COUNTER_URI, {}, async () => ({
      contents: [{ uri: COUNTER_URI, mimeType: RESOURCE_MIME_TYPE, text: counterHtml }],
    }));
    registerAppResource(server, "Hostile", HOSTILE_URI, {}, async () => ({
      contents: [{ uri: HOSTILE_URI, mimeType: RESOURCE_MIME_TYPE, text: hostileHtml }],
    }));
    registerAppTool(
      server,
      "show_counter",
      { description: "Shows a counter", inputSchema: { start: z.number() }, _meta: { ui: { resourceUri: COUNTER_URI } } },
      async ({ start }) => {
        toolCalls.push("show_counter");
        return { content: [{ type: "text", text: `The counter starts at ${start}.` }], structuredContent: { count: start } };
      },
    );
    registerAppTool(
      server,
      "increment",
      {
        description: "Adds one",
        inputSchema: { count: z.number() },
        _meta: { ui: { resourceUri: COUNTER_URI, visibility: ["app"] } },
      },
      async ({ count }) => {
        toolCalls.push("increment");
        return { content: [{ type: "text", text: `Count is ${count + 1}.` }], structuredContent: { count: count + 1 } };
      },
    );
    // For the model only: an app's call to it is refused by the host.
    server.registerTool(
      "delete_everything",
      { description: "Deletes everything", inputSchema: {}, _meta: { ui: { visibility: ["model"] } } },
      async () => {
        toolCalls.push("delete_everything");
        return { content: [{ type: "text", text: "Deleted." }] };
      },
    );
    registerAppTool(
      server,
      "show_hostile",
      { description: "Shows an app that misbehaves", inputSchema: {}, _meta: { ui: { resourceUri: HOSTILE_URI } } },
      async () => {
        toolCalls.push("show_hostile");
        return { content: [{ type: "text", text: "Hostile app shown." }] };
      },
    );
    return server;
  };

  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    return text ? JSON.parse(text) : undefined;
  };

  // Stateless: a server and a transport per request, as the SDK's stateless example does.
  const http = createServer(async (req, res) => {
    if (req.url?.startsWith("/exfiltrate")) {
      exfiltrated.push(req.url);
      res.writeHead(204).end();
      return;
    }
    try {
      const server = mcpServer();
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on("close", () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, req.method === "POST" ? await readBody(req) : undefined);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  hostileHtml = page(`<pre id="report" data-target="http://127.0.0.1:${port}/exfiltrate">running</pre>`, hostileScript);
  return {
    exfiltrated,
    url: `http://127.0.0.1:${port}/mcp`,
    toolCalls,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}

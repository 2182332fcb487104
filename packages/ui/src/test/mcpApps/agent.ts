// A scripted AG-UI agent wrapped with the real @ag-ui/mcp-apps-middleware, served over HTTP by
// the mock agent (as a Script). The agent calls the UI tool the middleware offered it (the
// counter, or the hostile app when the user says "hostile"); the middleware runs the tool on the
// MCP server and emits the `mcp-apps` activity, and answers `__proxiedMCPRequest` runs itself.
import { AbstractAgent, type BaseEvent, EventType, type RunAgentInput } from "@ag-ui/client";
import { MCPAppsMiddleware } from "@ag-ui/mcp-apps-middleware";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Script, Step } from "@tandem/mock-agent";
import { firstValueFrom, Observable, toArray } from "rxjs";

let counter = 0;

class ScriptedAgent extends AbstractAgent {
  override run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      const { threadId, runId } = input;
      subscriber.next({ type: EventType.RUN_STARTED, threadId, runId } as BaseEvent);
      const last = input.messages.at(-1);
      const said = last?.role === "user" && typeof last.content === "string" ? last.content : "";
      const name = /hostile/i.test(said) ? "show_hostile" : "show_counter";
      const offered = input.tools.find((t) => t.name === name && t.description.includes("[UI Resource: ui://"));
      if (offered) {
        const toolCallId = `call-${++counter}`;
        const args = name === "show_counter" ? { start: 3 } : {};
        subscriber.next({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName: name } as BaseEvent);
        subscriber.next({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: JSON.stringify(args) } as BaseEvent);
        subscriber.next({ type: EventType.TOOL_CALL_END, toolCallId } as BaseEvent);
      } else {
        const messageId = `msg-${++counter}`;
        subscriber.next({ type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" } as BaseEvent);
        subscriber.next({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: `No UI tool ${name} was offered.` } as BaseEvent);
        subscriber.next({ type: EventType.TEXT_MESSAGE_END, messageId } as BaseEvent);
      }
      subscriber.next({ type: EventType.RUN_FINISHED, threadId, runId } as BaseEvent);
      subscriber.complete();
    });
  }
}

/** The middleware in front of `mcpUrl`, over the scripted agent, as a mock-agent script. */
export function middlewareScript(mcpUrl: string): { script: Script; proxied: Array<{ method: string }> } {
  const middleware = new MCPAppsMiddleware({ mcpServers: [{ type: "http", url: mcpUrl, serverId: "test-apps" }] });
  const agent = new ScriptedAgent();
  const proxied: Array<{ method: string }> = [];
  const script: Script = async (input) => {
    const request = input.forwardedProps?.__proxiedMCPRequest as { method: string; serverId?: string } | undefined;
    if (request) proxied.push({ method: request.method });
    // The middleware (0.1.1) does not proxy tools/list, which the host needs for each tool's
    // visibility: answered here the way a deployment would add it.
    if (request?.method === "tools/list" && request.serverId === "test-apps") {
      const client = new Client({ name: "tools-list", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
      try {
        const result = await client.listTools();
        return [
          { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId },
          { type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId, result },
        ] as unknown as Step[];
      } finally {
        await client.close();
      }
    }
    return (await firstValueFrom(middleware.run(input, agent).pipe(toArray()))) as unknown as Step[];
  };
  return { script, proxied };
}

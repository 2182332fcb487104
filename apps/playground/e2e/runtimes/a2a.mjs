// @ts-check
// A2A: a scripted A2A agent (an @a2a-js/sdk AgentExecutor with no model) on a port of its own,
// and in front of it, on another port, an AG-UI server. Two ways, as AG-UI offers them:
//   supervisor (default)   @ag-ui/a2a-middleware's A2AMiddlewareAgent around an orchestrating
//                          agent (a Mastra agent over the scripted model, through @ag-ui/mastra):
//                          the middleware gives it the send_message_to_a2a_agent tool and the
//                          helper's agent card; when the orchestrator calls the tool, the
//                          middleware sends the task to the helper over A2A and runs the
//                          orchestrator again with the answer, on the same stream
//   direct: true           @ag-ui/a2a's A2AAgent: the AG-UI run is the A2A agent's, its
//                          streamed status updates turned into text
// The helper ("tandem-helper") answers a message from another agent (role "agent", the
// middleware's) with one A2A message; a person's message (role "user", A2AAgent's), or a failure
// or question for either, with a task whose "working" status updates stream the answer a word
// at a time, then "completed":
//   "… story …"      a long answer, a word every 40 ms (for Stop)
//   "… fail …"       the task fails (status "failed")
//   "… question …"   the task asks back (status "input-required")
//   anything else    "Helper here: <text>"
// All in this process, on 127.0.0.1 and free ports.

import { randomUUID } from "node:crypto";
import http from "node:http";
import { A2AClient } from "@a2a-js/sdk/client";
import { A2AExpressApp, DefaultRequestHandler, InMemoryTaskStore } from "@a2a-js/sdk/server";
import { A2AAgent } from "@ag-ui/a2a";
import { A2AMiddlewareAgent } from "@ag-ui/a2a-middleware";
import { transformChunks } from "@ag-ui/client";
import { MastraAgent } from "@ag-ui/mastra";
import { Agent } from "@mastra/core/agent";
import express from "express";
import { catchError, of, shareReplay } from "rxjs";
import { agUiHandler, closeServer, listen } from "./http.mjs";
import { weatherTool } from "./mastra.mjs";
import { scriptedModelV2, scriptMemory } from "./script.mjs";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The helper's logic: an A2A AgentExecutor that answers from the words it is sent, no model. */
class ScriptedExecutor {
  cancelled = new Set();
  async execute({ userMessage, taskId, contextId }, bus) {
    const said = userMessage.parts
      .filter((p) => p.kind === "text")
      .map((p) => p.text)
      .join("");
    const message = (text) => ({
      kind: "message",
      role: "agent",
      messageId: randomUUID(),
      parts: [{ kind: "text", text }],
      taskId,
      contextId,
    });
    if (userMessage.role === "agent" && !/fail|question/i.test(said)) {
      // Another agent asking: one message back.
      bus.publish({
        kind: "message",
        role: "agent",
        messageId: randomUUID(),
        parts: [{ kind: "text", text: `Helper here: ${said}` }],
        contextId,
      });
      bus.finished();
      return;
    }
    const status = (state, text, final = false) =>
      bus.publish({
        kind: "status-update",
        taskId,
        contextId,
        status: { state, ...(text !== undefined && { message: message(text) }), timestamp: new Date().toISOString() },
        final,
      });
    bus.publish({
      kind: "task",
      id: taskId,
      contextId,
      status: { state: "submitted", timestamp: new Date().toISOString() },
      history: [userMessage],
    });
    if (/fail/i.test(said)) {
      status("failed", "The helper failed (scripted failure).", true);
      bus.finished();
      return;
    }
    if (/question/i.test(said)) {
      status("input-required", "Which city do you mean?", true);
      bus.finished();
      return;
    }
    const words = /story/i.test(said)
      ? Array.from({ length: 1000 }, (_, i) => `word${i} `)
      : `Helper here: ${said}`.split(" ").map((w, i, all) => (i < all.length - 1 ? `${w} ` : w));
    let text = "";
    for (const word of words) {
      if (this.cancelled.has(taskId)) return;
      text += word;
      // Each status update carries the whole text so far; @ag-ui/a2a sends the difference.
      status("working", text);
      await sleep(/story/i.test(said) ? 40 : 5);
    }
    status("completed", text, true);
    bus.finished();
  }
  async cancelTask(taskId, bus) {
    this.cancelled.add(taskId);
    bus.publish({ kind: "status-update", taskId, contextId: "", status: { state: "canceled" }, final: true });
    bus.finished();
  }
}

/** The helper, served over A2A (JSON-RPC over HTTP, @a2a-js/sdk's Express app). */
async function startHelper() {
  const app = express();
  const server = http.createServer(app);
  const url = await listen(server);
  const card = {
    name: "tandem-helper",
    description: "A scripted A2A agent that answers from the words it is sent.",
    url,
    version: "1.0.0",
    protocolVersion: "0.2.5",
    capabilities: { streaming: true },
    defaultInputModes: ["text"],
    defaultOutputModes: ["text"],
    skills: [{ id: "echo", name: "Echo", description: "Says what it was asked.", tags: ["test"] }],
  };
  // (@a2a-js/sdk types the app with its own copy of @types/express, which differs from express's.)
  new A2AExpressApp(new DefaultRequestHandler(card, new InMemoryTaskStore(), new ScriptedExecutor())).setupRoutes(/** @type {any} */ (app));
  return { url, close: () => closeServer(server) };
}

/** The orchestrator under the middleware: a Mastra agent over the scripted model (as mastra.mjs). */
function orchestrator(memory) {
  const agent = new Agent({
    name: "supervisor",
    instructions: "You are a supervisor.",
    model: scriptedModelV2(memory),
    tools: { get_weather: weatherTool() },
  });
  const mastra = new MastraAgent({ agentId: "supervisor", agent, resourceId: "tests" });
  // #region orchestrator
  // A2AMiddlewareAgent.wrapStream subscribes to the orchestrator's run twice (once through
  // `this.apply(...)`, whose `processedMutations$.subscribe()` has no error handler, and once
  // for the client), and an agent's run is a cold observable: each subscription runs the model
  // again, with its own tool-call ids, and the middleware then looks the client's call up among
  // the other run's ("Tool arguments not found for tool call id …", thrown in a subscriber: the
  // process goes down). Shared, the orchestrator runs once (replayed: the first subscription
  // starts it, and its first events come before the second subscribes). And a run that fails
  // comes as a RUN_ERROR event, not an observable error, which that handler-less subscription
  // would throw. Its chunks (TEXT_MESSAGE_CHUNK, as @ag-ui/mastra sends text) are expanded here
  // too: the middleware's own transformChunks keeps one state for both subscriptions, so the
  // second (the client's) would get the content without its TEXT_MESSAGE_START.
  const run = mastra.run.bind(mastra);
  mastra.run = (input) =>
    run(input).pipe(
      catchError((error) => of({ type: "RUN_ERROR", message: error instanceof Error ? error.message : String(error) })),
      transformChunks(false),
      shareReplay(),
    );
  // #endregion orchestrator
  return mastra;
}

/** @returns {Promise<import("./script.mjs").Runtime>} */
export async function startA2A({ direct = false } = {}) {
  const helper = await startHelper();
  const memory = scriptMemory();
  // #region server
  const server = http.createServer(
    agUiHandler((input) => {
      // One agent per request: both keep the run's messages in the instance.
      const agent = direct
        ? new A2AAgent({ a2aClient: new A2AClient(helper.url) })
        : new A2AMiddlewareAgent({
            agentUrls: [helper.url],
            orchestrationAgent: orchestrator(memory),
            instructions: "Delegate to the helper when asked.",
          });
      return agent.run(input);
    }),
  );
  // #endregion server
  return {
    name: direct ? "A2A (@ag-ui/a2a)" : "A2A supervisor (@ag-ui/a2a-middleware)",
    url: `${await listen(server)}/`,
    hold: memory.hold,
    close: async () => {
      await closeServer(server);
      await helper.close();
    },
  };
}

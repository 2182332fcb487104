// TanStack AI (@tanstack/ai): chat() over a scripted text adapter, its AG-UI events served as SSE
// by toServerSentEventsResponse. The request is read with chatParamsFromRequestBody and the
// page's tools merged in with mergeAgentTools. On 127.0.0.1 and a free port.
// `durable: true` adds TanStack's in-memory durability log (memoryStream(request)), the way its
// docs make a stream resumable: every event gets an `id:` (memory:v1:<log id>:<n>), a request
// with Last-Event-ID is answered from the log, a closed response detaches the run instead of
// stopping it, and a CUSTOM "run.accepted" event comes before RUN_STARTED (which the official
// AG-UI client, and so Tandem, refuses: "First event must be 'RUN_STARTED'").
//   get_weather   a server tool (runs in chat()'s agent loop)
//   delete_file   a server tool with needsApproval: the run ends at an approval interrupt
import http from "node:http";
import { chat, chatParamsFromRequestBody, memoryStream, mergeAgentTools, toolDefinition, toServerSentEventsResponse } from "@tanstack/ai";
import { closeServer } from "./copilotkit.mjs";
import { promptFromAgUi, reply } from "./script.mjs";

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, OPTIONS",
  "access-control-allow-headers": "*, content-type, authorization, last-event-id",
};

let ids = 0;
const nextId = (prefix) => `${prefix}-${++ids}-${Date.now().toString(36)}`;
const sleep = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * A TanStack AI text adapter whose chatStream yields what script.mjs says as the AG-UI chunks a
 * provider adapter yields (text start/content/end, tool call start/args/end, a RUN_FINISHED with
 * its finishReason, or a RUN_ERROR for a scripted failure).
 */
function scriptedAdapter(memory) {
  return {
    kind: "text",
    name: "scripted",
    model: "scripted",
    "~types": {},
    async *chatStream(options) {
      const signal = options.abortController?.signal;
      const parts = reply(promptFromAgUi(options.messages), memory);
      // Like @tanstack/openai-base's adapters: a RUN_STARTED first, a RUN_FINISHED (or RUN_ERROR)
      // last, on every model call; chat() keeps the first RUN_STARTED of the run.
      const run = { runId: options.runId, threadId: options.threadId };
      yield { type: "RUN_STARTED", timestamp: Date.now(), ...run };
      let finishReason = "stop";
      for (const part of parts) {
        if ("error" in part) {
          yield { type: "RUN_ERROR", timestamp: Date.now(), ...run, message: part.error, code: "overloaded" };
          return;
        }
        if ("tool" in part) {
          const toolCallId = nextId("call");
          const args = JSON.stringify(part.args);
          yield { type: "TOOL_CALL_START", timestamp: Date.now(), toolCallId, toolCallName: part.tool, toolName: part.tool, index: 0 };
          yield { type: "TOOL_CALL_ARGS", timestamp: Date.now(), toolCallId, delta: args };
          yield {
            type: "TOOL_CALL_END",
            timestamp: Date.now(),
            toolCallId,
            toolCallName: part.tool,
            toolName: part.tool,
            input: part.args,
          };
          finishReason = "tool_calls";
          continue;
        }
        const messageId = nextId("text");
        yield { type: "TEXT_MESSAGE_START", timestamp: Date.now(), messageId, role: "assistant" };
        for (const delta of part.text) {
          if (signal?.aborted) break;
          yield { type: "TEXT_MESSAGE_CONTENT", timestamp: Date.now(), messageId, delta };
          await sleep(part.delayMs ?? 5, signal);
        }
        yield { type: "TEXT_MESSAGE_END", timestamp: Date.now(), messageId };
      }
      yield { type: "RUN_FINISHED", timestamp: Date.now(), ...run, finishReason };
    },
    structuredOutput: () => Promise.reject(new Error("Only chat is scripted")),
  };
}

const getWeather = toolDefinition({
  name: "get_weather",
  description: "The weather in a city.",
  inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
}).server(async ({ city }) => ({ city, sky: "sunny", celsius: 21 }));

const deleteFile = toolDefinition({
  name: "delete_file",
  description: "Delete a file (asks the person first).",
  needsApproval: true,
  inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
}).server(async ({ path }) => ({ deleted: path }));

/** @returns {Promise<{ name: string, url: string, stop?: string, close(): Promise<void> }>} */
export async function startTanStack({ durable = false } = {}) {
  const memory = { failed: new Set(), stateTool: "none", stateArgs: () => ({}) };
  const adapter = scriptedAdapter(memory);
  // #region server
  const server = http.createServer(async (req, res) => {
    if (req.method === "OPTIONS") return res.writeHead(204, CORS).end();
    if (req.method !== "POST") return res.writeHead(404, CORS).end();
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    let params;
    try {
      params = await chatParamsFromRequestBody(JSON.parse(Buffer.concat(chunks).toString("utf8")));
    } catch (error) {
      return res.writeHead(400, { ...CORS, "content-type": "text/plain" }).end(String(error?.message ?? error));
    }
    // The durability log reads Last-Event-ID (and X-Run-Id) off a fetch Request.
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: "POST",
      headers: Object.entries(req.headers).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])),
    });
    const abortController = new AbortController();
    const stream = chat({
      adapter,
      messages: params.messages,
      tools: mergeAgentTools([getWeather, deleteFile], params.tools),
      threadId: params.threadId,
      runId: params.runId,
      parentRunId: params.parentRunId,
      state: params.state,
      resume: params.resume,
      abortController,
    });
    const response = toServerSentEventsResponse(stream, {
      abortController,
      ...(durable && { durability: { adapter: memoryStream(request) } }),
    });
    res.writeHead(response.status, { ...CORS, ...Object.fromEntries(response.headers) });
    const reader = response.body.getReader();
    // Stop: the client closes the stream, and the body is cancelled: without a durability log
    // that aborts the run; with one the run is detached and goes on into the log (so a reload
    // can rejoin it).
    res.on("close", () => reader.cancel().catch(() => {}));
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        res.write(value);
      }
    } catch {
      // the reader was cancelled
    }
    res.end();
  });
  // #endregion server
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    name: durable ? "TanStack AI (durable)" : "TanStack AI",
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => closeServer(server),
  };
}

// @ts-check
// TanStack AI (@tanstack/ai): chat() over a scripted text adapter, its AG-UI events served as SSE
// by toServerSentEventsResponse. The request is read with chatParamsFromRequestBody and the
// page's tools merged in with mergeAgentTools. On 127.0.0.1 and a free port.
// `durable: true` adds TanStack's in-memory durability log (memoryStream(request)), the way its
// docs make a stream resumable: every event gets an `id:` (memory:v1:<log id>:<n>), a request
// with Last-Event-ID is answered from the log after that event, a closed response detaches the
// run instead of stopping it, and a CUSTOM "run.accepted" event comes before RUN_STARTED (which
// the official AG-UI client, and so Tandem, refuses: "First event must be 'RUN_STARTED'").
// `withoutRunAccepted: true` leaves that one event out of every response, the one change that
// lets Tandem read the log and resume from it.
//   get_weather   a server tool (runs in chat()'s agent loop)
//   delete_file   a server tool with needsApproval: the run ends at an approval interrupt
import http from "node:http";
import { chat, chatParamsFromRequestBody, memoryStream, mergeAgentTools, toolDefinition, toServerSentEventsResponse } from "@tanstack/ai";
import { CORS, closeServer, listen, readJson } from "./http.mjs";
import { deltasOf, nextId, promptFromAgUi, reply, scriptMemory, weatherIn } from "./script.mjs";

/**
 * A TanStack AI text adapter whose chatStream yields what script.mjs says as the AG-UI chunks a
 * provider adapter yields (text start/content/end, tool call start/args/end, a RUN_FINISHED with
 * its finishReason, or a RUN_ERROR for a scripted failure).
 * @param {import("./script.mjs").Memory} memory
 * @returns {import("@tanstack/ai").AnyTextAdapter}
 */
function scriptedAdapter(memory) {
  return {
    kind: "text",
    name: "scripted",
    model: "scripted",
    // Type-level only (the provider options and modalities a real adapter declares).
    "~types": /** @type {any} */ ({}),
    /**
     * @param {import("@tanstack/ai").TextOptions} options
     * @returns {AsyncGenerator<any>} AG-UI chunks (what chat() reads of a provider's stream)
     */
    async *chatStream(options) {
      const signal = options.abortController?.signal;
      const parts = reply(
        promptFromAgUi(options.messages),
        memory,
        (options.tools ?? []).map((tool) => tool.name),
      );
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
        for await (const delta of deltasOf(part, signal)) yield { type: "TEXT_MESSAGE_CONTENT", timestamp: Date.now(), messageId, delta };
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
}).server(async ({ city }) => weatherIn(city));

const deleteFile = toolDefinition({
  name: "delete_file",
  description: "Delete a file (asks the person first).",
  needsApproval: true,
  inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
}).server(async ({ path }) => ({ deleted: path }));

/**
 * Writes a response body to the connection as it comes. Stop (the client closes the stream)
 * cancels the body: without a durability log that aborts chat()'s run; with one the run is
 * detached and goes on into the log (so a reload or a reconnect can read it on).
 * @param {ReadableStream<Uint8Array>} body
 * @param {http.ServerResponse} res
 */
async function pipeBody(body, res) {
  const reader = body.getReader();
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
}

// #region without-run-accepted
/**
 * An SSE body without its CUSTOM "run.accepted" frame, which TanStack's durability log writes
 * before RUN_STARTED (stream-to-response.js, RUN_ACCEPTED_EVENT).
 * @param {ReadableStream<Uint8Array>} body
 * @returns {ReadableStream<Uint8Array>}
 */
function withoutRunAcceptedFrame(body) {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let rest = "";
  return body.pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        const frames = (rest + decoder.decode(chunk, { stream: true })).split("\n\n");
        rest = frames.pop() ?? "";
        for (const frame of frames)
          if (!/^data: \{"type":"CUSTOM","name":"run\.accepted"/m.test(frame)) controller.enqueue(encoder.encode(`${frame}\n\n`));
      },
      flush(controller) {
        if (rest) controller.enqueue(encoder.encode(rest));
      },
    }),
  );
}
// #endregion without-run-accepted

/**
 * @param {object} [options]
 * @param {boolean} [options.durable] TanStack's durability log (see the top of this file)
 * @param {boolean} [options.withoutRunAccepted] with `durable`: leave out the log's run.accepted event
 * @returns {Promise<import("./script.mjs").Runtime & { dropConnections(): void }>} `dropConnections()`
 *   cuts every response still open, as a dropped network would (the tests' stand-in; with the
 *   log, the runs go on into it)
 */
export async function startTanStack({ durable = false, withoutRunAccepted = false } = {}) {
  const memory = scriptMemory();
  const adapter = scriptedAdapter(memory);
  // #region server
  const server = http.createServer(async (req, res) => {
    if (req.method === "OPTIONS") return void res.writeHead(204, CORS).end();
    if (req.method !== "POST") return void res.writeHead(404, CORS).end();
    let params;
    try {
      params = await chatParamsFromRequestBody(await readJson(req));
    } catch (error) {
      return void res.writeHead(400, { ...CORS, "content-type": "text/plain" }).end(String(error?.message ?? error));
    }
    // The durability log reads Last-Event-ID (and X-Run-Id) off a fetch Request; an id it cannot
    // read is no run to resume (a 404, as Tandem's server contract has it).
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: "POST",
      headers: Object.entries(req.headers).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])),
    });
    let log;
    try {
      log = durable ? memoryStream(request) : undefined;
    } catch (error) {
      return void res.writeHead(404, { ...CORS, "content-type": "text/plain" }).end(String(error?.message ?? error));
    }
    const abortController = new AbortController();
    const stream = chat({
      adapter,
      stream: true,
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
      // batch: 1, each event is in the log (and on the wire) as it comes, rather than 32 at a time.
      ...(log && { durability: { adapter: log, batch: 1 } }),
    });
    res.writeHead(response.status, { ...CORS, ...Object.fromEntries(response.headers) });
    await pipeBody(withoutRunAccepted ? withoutRunAcceptedFrame(response.body) : response.body, res);
  });
  // #endregion server
  /** @type {Set<http.ServerResponse>} */
  const open = new Set();
  server.on("request", (_req, res) => {
    open.add(res);
    res.on("close", () => open.delete(res));
  });
  return {
    name: durable ? "TanStack AI (durable)" : "TanStack AI",
    url: `${await listen(server)}/`,
    hold: memory.hold,
    dropConnections: () => {
      for (const res of open) res.destroy();
    },
    close: () => closeServer(server),
  };
}

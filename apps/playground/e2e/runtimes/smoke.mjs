// A Node-level smoke run of the runtimes (no browser): starts each one named on the command line,
// POSTs RunAgentInputs at it (a plain reply, a frontend tool call and its follow-up with the result,
// a backend tool, shared state, an approval or interrupt, an error and its retry, a stop) and prints
// the AG-UI events that come back, in order, with what each scenario ended with.
//
//   node apps/playground/e2e/runtimes/smoke.mjs voltagent tanstack strands a2a
//   node apps/playground/e2e/runtimes/smoke.mjs tanstack --json     (the whole events, not their types)
//   node apps/playground/e2e/runtimes/smoke.mjs tanstack --record apps/playground/e2e/fixtures/x.json
//     (instead of the scenarios: one recorded conversation, see recordConversation)
//
// The runtimes' folder must be installed first (`npm ci` in apps/playground/e2e/runtimes, or any
// run of the browser tests). Not a test file: nothing runs it but a person.
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { CompatibilityBoundary, enforceEvents, transformChunks, verifyEvents } from "@ag-ui/client";
import { defer, from } from "rxjs";

const STARTS = {
  copilotkit: ["./copilotkit.mjs", "startCopilotKit"],
  mastra: ["./mastra.mjs", "startMastra"],
  langgraph: ["./langgraph.mjs", "startLangGraph"],
  voltagent: ["./voltagent.mjs", "startVoltAgent"],
  tanstack: ["./tanstack.mjs", "startTanStack"],
  "tanstack-durable": ["./tanstack.mjs", "startTanStack", { durable: true }],
  strands: ["./strands.mjs", "startStrands"],
  a2a: ["./a2a.mjs", "startA2A"],
  "a2a-direct": ["./a2a.mjs", "startA2A", { direct: true }],
};

const BACKGROUND = {
  name: "change_background",
  description: "Change the page's background.",
  parameters: { type: "object", properties: { background: { type: "string" } }, required: ["background"] },
};

let seq = 0;
const id = (prefix) => `${prefix}-${++seq}`;

/** The events of one SSE body: `{ id?, event }` per frame (a `data:` line that is not JSON is kept as text). */
export function parseSse(text) {
  const frames = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    let eventId;
    const data = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith("id:")) eventId = line.slice(3).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    }
    if (!data.length) continue;
    const raw = data.join("\n");
    let event;
    try {
      event = JSON.parse(raw);
    } catch {
      event = { type: `(not JSON: ${raw.slice(0, 40)})` };
    }
    frames.push({ ...(eventId !== undefined && { id: eventId }), event });
  }
  return frames;
}

/**
 * The events through the official client's checks, as Tandem's pipeline runs them
 * (packages/core/src/transport/pipeline.ts, the same @ag-ui/client 1.0.0): "ok", or the error
 * the client would stop the run with.
 */
export function verify(input, frames) {
  return new Promise((resolve) => {
    new CompatibilityBoundary()
      .run(input, { run: () => defer(() => from(frames.map((f) => f.event))) })
      .pipe(enforceEvents(undefined), transformChunks(undefined), verifyEvents(undefined))
      .subscribe({ error: (error) => resolve(error.message), complete: () => resolve("ok") });
  });
}

/** POSTs a RunAgentInput; resolves to the status, the raw body, its frames and ms per frame. */
export async function run(url, input, { headers = {}, abortAfterMs } = {}) {
  const controller = new AbortController();
  const started = Date.now();
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream", ...headers },
    body: JSON.stringify(input),
    signal: controller.signal,
  });
  let body = "";
  const times = [];
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const timer = abortAfterMs && setTimeout(() => controller.abort(), abortAfterMs);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const chunk = decoder.decode(value, { stream: true });
      body += chunk;
      for (let n = (chunk.match(/\n\n/g) ?? []).length; n > 0; n--) times.push(Date.now() - started);
    }
  } catch (error) {
    if (error.name !== "AbortError") throw error;
  } finally {
    clearTimeout(timer);
  }
  return { input, status: response.status, headers: Object.fromEntries(response.headers), body, frames: parseSse(body), times };
}

export const input = (threadId, messages, extra = {}) => ({
  threadId,
  runId: id("run"),
  messages,
  tools: [],
  context: [],
  state: {},
  forwardedProps: {},
  ...extra,
});
export const user = (content) => ({ id: id("user"), role: "user", content });

/** The assistant message with the run's (first) tool call, as the client keeps it. */
function toolCallMessage(frames) {
  const start = frames.find((f) => f.event.type === "TOOL_CALL_START")?.event;
  if (!start) return null;
  const args = frames
    .filter((f) => f.event.type === "TOOL_CALL_ARGS" && f.event.toolCallId === start.toolCallId)
    .map((f) => f.event.delta)
    .join("");
  return {
    id: start.parentMessageId ?? id("assistant"),
    role: "assistant",
    content: "",
    toolCalls: [{ id: start.toolCallId, type: "function", function: { name: start.toolCallName, arguments: args } }],
  };
}

/** The assistant message and tool result the client would add after a frontend tool call. */
function answerToolCall(frames, result) {
  const call = toolCallMessage(frames);
  if (!call) return null;
  return [call, { id: id("tool"), role: "tool", toolCallId: call.toolCalls[0].id, content: JSON.stringify(result) }];
}

const textOf = (frames) =>
  frames
    .filter((f) => f.event.type === "TEXT_MESSAGE_CONTENT" || f.event.type === "TEXT_MESSAGE_CHUNK")
    .map((f) => f.event.delta ?? "")
    .join("");
const summary = (frames) => {
  // Consecutive events of one type collapse to "TYPE×n".
  const out = [];
  for (const { event } of frames) {
    const name = event.type === "CUSTOM" || event.type === "RAW" ? `${event.type}(${event.name ?? event.event?.type ?? ""})` : event.type;
    const last = out.at(-1);
    if (last?.name === name) last.n++;
    else out.push({ name, n: 1 });
  }
  return out.map(({ name, n }) => (n > 1 ? `${name}×${n}` : name)).join(" ");
};
const ending = (frames) => {
  const last = frames.at(-1)?.event;
  if (!last) return "no events";
  if (last.type === "RUN_FINISHED") return `RUN_FINISHED${last.outcome ? ` outcome=${JSON.stringify(last.outcome).slice(0, 300)}` : ""}`;
  if (last.type === "RUN_ERROR") return `RUN_ERROR ${JSON.stringify(last.message)}`;
  return `ended after ${last.type} (no RUN_FINISHED)`;
};

/** The scenarios, in order; each prints what came back. */
export async function smoke(name, server, { json = false } = {}) {
  const log = async (label, r, note = "") => {
    console.log(`\n[${name}] ${label}: HTTP ${r.status}${note ? ` (${note})` : ""}`);
    console.log(`  events: ${summary(r.frames)}`);
    const ids = r.frames.filter((f) => f.id !== undefined).map((f) => f.id);
    console.log(`  ids: ${ids.length ? `${ids.length}/${r.frames.length} (first ${ids[0]}, last ${ids.at(-1)})` : "none"}`);
    console.log(`  text: ${JSON.stringify(textOf(r.frames).slice(0, 160))}`);
    console.log(`  end: ${ending(r.frames)}`);
    if (r.status === 200) console.log(`  @ag-ui/client verify: ${await verify(r.input, r.frames)}`);
    if (json) for (const f of r.frames) console.log(`    ${JSON.stringify(f).slice(0, 400)}`);
  };
  const results = {};
  const thread = () => (name === "langgraph" ? crypto.randomUUID() : id(`thread-${name}`));

  // 1. A plain streamed reply.
  const hello = input(thread(), [user("hello there")]);
  results.chat = await run(server.url, hello);
  await log("chat", results.chat);

  // 2. A frontend tool: the call, then the follow-up run with its result.
  const bgThread = thread();
  const ask = user("make the background teal");
  const bg = input(bgThread, [ask], { tools: [BACKGROUND] });
  results.frontendTool = await run(server.url, bg);
  await log("frontend tool (call)", results.frontendTool);
  const answered = answerToolCall(results.frontendTool.frames, { background: "teal" });
  if (answered) {
    const followUp = input(bgThread, [ask, ...answered], { tools: [BACKGROUND] });
    results.frontendToolResult = await run(server.url, followUp);
    await log("frontend tool (follow-up with the result)", results.frontendToolResult);
  } else console.log("  (no TOOL_CALL_START: no follow-up)");

  // 3. A backend tool the server runs itself.
  results.backendTool = await run(server.url, input(thread(), [user("what is the weather in Lisbon?")]));
  await log("backend tool", results.backendTool);

  // 4. Shared state: the client's state in, whatever comes back.
  results.state = await run(server.url, input(thread(), [user("improve the recipe")], { state: { recipe: { title: "Plain cake" } } }));
  await log("shared state", results.state);

  // 5. An approval / interrupt: a server tool that needs approval; where the run ends with an
  //    interrupt outcome, resume it with an approval.
  const approvalThread = thread();
  const del = user("delete my notes");
  results.approval = await run(server.url, input(approvalThread, [del]));
  await log("approval (ask)", results.approval);
  const finished = results.approval.frames.at(-1)?.event;
  if (finished?.type === "RUN_FINISHED" && finished.outcome?.type === "interrupt") {
    const resume = finished.outcome.interrupts.map((i) => ({ interruptId: i.id, status: "resolved", payload: { approved: true } }));
    const history = [del, toolCallMessage(results.approval.frames)].filter(Boolean);
    results.approvalResume = await run(server.url, input(approvalThread, history, { resume }));
    await log("approval (resume, approved, as Tandem sends it)", results.approvalResume);
    // TanStack AI wants the interrupted run's id as parentRunId too.
    const parentRunId = finished.runId;
    results.approvalResumeParent = await run(server.url, input(approvalThread, history, { resume, parentRunId }));
    await log(`approval (resume, approved, with parentRunId ${parentRunId})`, results.approvalResumeParent);
  }

  // 6. An error, then the same request again (Retry).
  const failThread = thread();
  const fail = [user(`fail once please ${name}`)];
  results.error = await run(server.url, input(failThread, fail));
  await log("error", results.error);
  results.retry = await run(server.url, input(failThread, fail));
  await log("retry", results.retry);

  // 7. Stop: the client closes the stream mid-reply (the story is held after its first words
  //    until then), then asks again on the thread.
  const stopThread = thread();
  const held = server.hold?.() ?? { release() {} };
  results.stop = await run(server.url, input(stopThread, [user("tell me a story")]), { abortAfterMs: 600 });
  held.release();
  await log("stop (closed after 600 ms)", results.stop);
  // (A person types the next message a moment later: the server has seen the stream close.)
  await new Promise((resolve) => setTimeout(resolve, 500));
  results.afterStop = await run(server.url, input(stopThread, [user("hello again")]));
  await log("after stop, same thread", results.afterStop);

  // 8. A2A: a delegation to the helper agent, and (straight to it) a task that asks back.
  if (name.startsWith("a2a")) {
    results.delegate = await run(server.url, input(thread(), [user("ask the helper about Lisbon")]));
    await log("delegation to the A2A helper", results.delegate);
    results.inputRequired = await run(server.url, input(thread(), [user("a question for the helper")]));
    await log("a task that asks back (input-required)", results.inputRequired);
  }

  // 9. Resume: a request repeated with Last-Event-ID, where the stream had ids.
  const withIds = results.chat.frames.filter((f) => f.id !== undefined);
  if (withIds.length > 2) {
    const cut = withIds[Math.floor(withIds.length / 2)].id;
    results.resume = await run(server.url, hello, { headers: { "last-event-id": cut } });
    await log(`resume (same request, Last-Event-ID ${cut})`, results.resume);
  }
  return results;
}

const timed = (r) => r.frames.map((f, i) => ({ t: r.times[i] ?? 0, event: f.event }));

/**
 * Records two threads as the playground's agentic-chat page holds them (its change_background tool
 * offered every run, the user's messages piling up): "hello there" then "make the background teal"
 * on one, "what is the weather in Lisbon?" on a new one. Writes a `tandem-mock --replay` recording
 * (version 1, packages/mock-agent/src/replay.ts: each request is matched to the next run by the
 * user's messages, the tools offered, the state and the resume) to `file`, and the raw SSE bodies
 * beside it (`.sse`).
 */
async function recordConversation(server, file) {
  const runs = [];
  let bodies = "";
  for (const turns of [["hello there", "make the background teal"], ["what is the weather in Lisbon?"]]) {
    const threadId = id("thread-recorded");
    const said = [];
    for (const text of turns) {
      said.push(user(text));
      const request = input(threadId, [...said], { tools: [BACKGROUND] });
      const r = await run(server.url, request);
      runs.push({ protocol: "ag-ui", path: "/", input: request, events: timed(r) });
      bodies += r.body;
    }
  }
  writeFileSync(file, `${JSON.stringify({ version: 1, recordedAt: new Date().toISOString(), runs }, null, 2)}\n`);
  writeFileSync(file.replace(/\.json$/, ".sse"), bodies);
  console.log(`recorded ${runs.length} runs to ${file} (and their raw SSE bodies to ${file.replace(/\.json$/, ".sse")})`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const json = args.includes("--json");
  const recordAt = args.indexOf("--record");
  const record = recordAt >= 0 ? args[recordAt + 1] : undefined;
  const names = args.filter((a, i) => !a.startsWith("--") && (recordAt < 0 || i !== recordAt + 1));
  process.env.COPILOTKIT_TELEMETRY_DISABLED = "true";
  process.env.DO_NOT_TRACK = "1";
  for (const name of names) {
    const [file, start, options] = STARTS[name] ?? [];
    if (!file) throw new Error(`Unknown runtime ${name} (one of ${Object.keys(STARTS).join(", ")})`);
    const server = await (await import(new URL(file, import.meta.url).href))[start](options);
    console.log(`\n=== ${server.name} at ${server.url}`);
    try {
      if (record) await recordConversation(server, record);
      else await smoke(name, server, { json });
    } finally {
      await server.close();
    }
  }
  process.exit(0);
}

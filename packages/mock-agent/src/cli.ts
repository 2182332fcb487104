import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { scenarios } from "./scenarios/index.js";
import { startMockAgent } from "./server.js";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8787" },
    host: { type: "string", default: "127.0.0.1" },
    "token-delay": { type: "string", default: "30" },
    "busy-threads": { type: "boolean", default: false },
    "drop-after": { type: "string" },
    replay: { type: "string" },
    timing: { type: "boolean", default: false },
    help: { type: "boolean", short: "h" },
  },
});

if (values.help) {
  const help = [
    "tandem-mock [--port 8787] [--host 127.0.0.1] [--token-delay 30] [--busy-threads] [--drop-after n]",
    "tandem-mock --replay recording.json [--port 8787] [--host 127.0.0.1] [--timing]",
    "A scripted AG-UI agent with the Dojo scenarios, or one that replays a recording.",
    "  --port n        the port to listen on (0: any free one; the URL is printed)",
    "  --host h        the address to listen on",
    "  --token-delay n milliseconds between streamed tokens",
    "  --replay file   serve each recorded run at the path it was recorded at, in its dialect; a request that",
    "                  differs from the recorded one is answered 409 with the first difference",
    "  --timing        with --replay: keep the recorded time between events",
    "  --busy-threads  like CopilotKit's runtime: a run goes on after its client disconnects, another run on that",
    "                  thread gets an empty stream until POST /agent/<agentId>/stop/<threadId> stops it",
    "  --drop-after n  fault mode: cut every response after n events (the run goes on; clients resume with",
    "                  Last-Event-ID, or GET /resume/<threadId>/<runId>)",
  ].join("\n");
  // Written in full before exiting: a pipe takes stdout asynchronously.
  await new Promise((done) => process.stdout.write(`${help}\n`, done));
  process.exit(0);
}

const port = Number(values.port);
const tokenDelayMs = Number(values["token-delay"]);
const dropAfter = values["drop-after"] === undefined ? undefined : Number(values["drop-after"]);
if (!Number.isInteger(port) || port < 0 || !(tokenDelayMs >= 0)) {
  console.error("tandem-mock: --port must be a port number and --token-delay a number of milliseconds");
  process.exit(2);
}
if (dropAfter !== undefined && !(Number.isInteger(dropAfter) && dropAfter > 0)) {
  console.error("tandem-mock: --drop-after must be a whole number of events, at least 1");
  process.exit(2);
}

if (values.replay !== undefined) {
  let recording: unknown;
  try {
    recording = JSON.parse(readFileSync(values.replay, "utf8"));
  } catch (error) {
    console.error(`tandem-mock: cannot read ${values.replay}: ${(error as Error).message}`);
    process.exit(2);
  }
  const agent = await startMockAgent({ port, host: values.host, recording, timing: values.timing }).catch((error: Error) => {
    console.error(`tandem-mock: ${error.message}`);
    process.exit(2);
  });
  const runs = (recording as { runs: Array<{ path: string }> }).runs;
  console.log(
    `Mock agent on ${agent.baseUrl} (replaying ${values.replay}: ${runs.length} runs${values.timing ? ", original timing" : ""})`,
  );
  for (const path of new Set(runs.map((r) => r.path))) console.log(`  POST ${agent.baseUrl}${path}`);
  const stop = () => void agent.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} else {
  await serveScenarios();
}

async function serveScenarios() {
  const busyThreads = values["busy-threads"];
  const agent = await startMockAgent({ port, host: values.host, tokenDelayMs, busyThreads, dropAfter });
  const modes = [
    busyThreads && "busy threads: stop runs at POST /agent/<agentId>/stop/<threadId>",
    dropAfter && `responses cut after ${dropAfter} events`,
  ].filter(Boolean);
  console.log(`Mock agent on ${agent.baseUrl}${modes.length > 0 ? ` (${modes.join("; ")})` : ""}`);
  for (const name of Object.keys(scenarios)) console.log(`  POST ${agent.baseUrl}/${name}`);

  const stop = () => void agent.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

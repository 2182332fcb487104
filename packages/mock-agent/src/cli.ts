import { parseArgs } from "node:util";
import { scenarios } from "./scenarios/index.js";
import { startMockAgent } from "./server.js";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8787" },
    host: { type: "string", default: "127.0.0.1" },
    "token-delay": { type: "string", default: "30" },
    "busy-threads": { type: "boolean", default: false },
    help: { type: "boolean", short: "h" },
  },
});

if (values.help) {
  console.log(
    [
      "tandem-mock [--port 8787] [--host 127.0.0.1] [--token-delay 30] [--busy-threads]",
      "A scripted AG-UI agent with the Dojo scenarios.",
      "  --busy-threads  like CopilotKit's runtime: a run goes on after its client disconnects, another run on that",
      "                  thread gets an empty stream until POST /agent/<agentId>/stop/<threadId> stops it",
    ].join("\n"),
  );
  process.exit(0);
}

const port = Number(values.port);
const tokenDelayMs = Number(values["token-delay"]);
if (!Number.isInteger(port) || port < 0 || !(tokenDelayMs >= 0)) {
  console.error("tandem-mock: --port must be a port number and --token-delay a number of milliseconds");
  process.exit(2);
}

const busyThreads = values["busy-threads"];
const agent = await startMockAgent({ port, host: values.host, tokenDelayMs, busyThreads });
console.log(`Mock agent on ${agent.baseUrl}${busyThreads ? " (busy threads: stop runs at POST /agent/<agentId>/stop/<threadId>)" : ""}`);
for (const name of Object.keys(scenarios)) console.log(`  POST ${agent.baseUrl}/${name}`);

const stop = () => void agent.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

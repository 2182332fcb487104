// One server instance for the Redis tests, run as its own process:
//   node --conditions=tandem-source --import tsx redisInstance.ts <redis url> <name>
// It serves agentHandler over a Redis Streams log, says its port on stdout, and names itself in
// an `x-instance` header. Its run: 40 words, one every 25 ms.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { agentHandler, resumableRuns } from "../index.js";
import { redisEventLog } from "../redis/index.js";
import { paced, wordsOf } from "./http.js";

const [url, name = "instance"] = process.argv.slice(2);
const log = redisEventLog({ url, blockMs: 1_000 });
const runs = resumableRuns<http.IncomingMessage>({ authorize: () => true, log, idleMs: 30_000 });
const words = Array.from({ length: 40 }, (_, i) => `w${i} `);
const handler = agentHandler({
  runs,
  source: (input) => paced(wordsOf(words, input.threadId, input.runId), 25),
  headers: { "x-instance": name },
});
const server = http.createServer(handler);
server.listen(0, "127.0.0.1", () => console.log(`port ${(server.address() as AddressInfo).port}`));
process.on("SIGTERM", async () => {
  server.closeAllConnections();
  server.close();
  await runs.close();
  await log.close();
  process.exit(0);
});

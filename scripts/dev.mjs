#!/usr/bin/env node
// `pnpm dev`: the mock agent (from source, through tsx) and the playground (Vite), side by side.
//
//   PORT        the playground's port (default 5173)
//   AGENT_PORT  the mock agent's port (default 8787; 0 picks a free one)
//
// Both run or neither does: if the agent cannot start (its port is taken…), the playground is
// never started; if the playground cannot (its port is taken…), the agent is stopped; if either
// dies later, the other is stopped too. Ctrl-C (or SIGTERM) stops both. Either way the ports are
// free when this process exits.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createServer } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
const AGENT_PORT = process.env.AGENT_PORT ?? "8787";
const APP_PORT = Number(process.env.PORT ?? 5173);

let agent = null;
let playground = null;
let stopping = null;

/** Stops whatever runs, waits until it has let go of its port, then exits. */
function stop(code, message) {
  if (message) console.error(`\n${message}`);
  stopping ??= (async () => {
    await Promise.allSettled([
      playground?.close(),
      agent && agent.exitCode === null && agent.signalCode === null
        ? new Promise((resolve) => {
            agent.once("exit", resolve);
            agent.kill("SIGTERM");
          })
        : undefined,
    ]);
    process.exit(code);
  })();
  return stopping;
}

process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));
process.on("uncaughtException", (error) => void stop(1, `pnpm dev: ${error.stack ?? error}`));
process.on("unhandledRejection", (error) => void stop(1, `pnpm dev: ${error?.stack ?? error}`));
// Last resort: never leave the agent behind.
process.on("exit", () => agent?.kill("SIGTERM"));

/** Starts the mock agent; resolves with its base URL once it listens, rejects if it exits first. */
function startAgent() {
  agent = spawn(
    process.execPath,
    ["--conditions=tandem-source", "--import", "tsx", "packages/mock-agent/src/cli.ts", "--port", AGENT_PORT, "--token-delay", "30"],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return new Promise((resolve, reject) => {
    let output = "";
    let listening = false;
    agent.stdout.on("data", (chunk) => {
      process.stdout.write(chunk);
      if (listening) return;
      output += chunk;
      const url = /Mock agent on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        listening = true;
        resolve(url);
      }
    });
    agent.once("exit", (code, signal) => {
      const how = signal ?? `code ${code}`;
      if (!listening) reject(new Error(`the mock agent exited (${how}) before it listened on port ${AGENT_PORT}`));
      else if (!stopping) void stop(code || 1, `pnpm dev: the mock agent stopped (${how}); stopping the playground.`);
    });
  });
}

try {
  const agentUrl = await startAgent();
  process.env.VITE_AGENT_URL ??= agentUrl;
  playground = await createServer({ root: `${root}apps/playground`, server: { port: APP_PORT, strictPort: true } });
  await playground.listen();
  console.log(`\n  Mock agent:  ${agentUrl}\n  Playground:  ${playground.resolvedUrls.local[0]}\n`);
} catch (error) {
  const hint = /port/i.test(error.message) ? " Set PORT (playground) or AGENT_PORT (mock agent) to free ports." : "";
  await stop(1, `pnpm dev: ${error.message}.${hint}`);
}

// `pnpm dev`: the mock agent and the playground, side by side; Ctrl-C stops both.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createServer } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
const AGENT_PORT = process.env.AGENT_PORT ?? "8787";
const APP_PORT = Number(process.env.PORT ?? 5173);
process.env.VITE_AGENT_URL ??= `http://127.0.0.1:${AGENT_PORT}`;

const agent = spawn(process.execPath, ["--import", "tsx", "packages/mock-agent/src/cli.ts", "--port", AGENT_PORT, "--token-delay", "30"], {
  cwd: root,
  stdio: ["ignore", "inherit", "inherit"],
});
const playground = await createServer({ root: `${root}apps/playground`, server: { port: APP_PORT, strictPort: true } });
await playground.listen();

console.log(`\n  Mock agent:  ${process.env.VITE_AGENT_URL}\n  Playground:  ${playground.resolvedUrls.local[0]}\n`);

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  agent.kill("SIGTERM");
  await playground.close();
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));
agent.on("exit", (code) => void stop(code ?? 1));
process.on("exit", () => agent.kill("SIGTERM"));

// `pnpm dev` (scripts/dev.mjs) as a developer meets it: both servers come up on PORT and
// AGENT_PORT, Ctrl-C stops both, and when either port is taken nothing is left running.
import { spawn } from "node:child_process";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const cleanups = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** Listens on `port` on every interface (so a server on 127.0.0.1 or ::1 cannot have it too). */
function occupy(port = 0) {
  const server = net.createServer();
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () => {
      cleanups.push(() => new Promise((done) => server.close(() => done())));
      resolve(server.address().port);
    });
  });
}

/** A port nobody listens on right now. */
async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** True when `port` can be bound on every interface, i.e. nothing holds it. */
async function isFree(port) {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

function dev(env) {
  const child = spawn(process.execPath, ["scripts/dev.mjs"], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const run = { child, output: "" };
  child.stdout.on("data", (chunk) => {
    run.output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    run.output += chunk;
  });
  run.exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null) {
      child.kill("SIGINT");
      await run.exited;
    }
  });
  return run;
}

async function until(check, what, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("pnpm dev", { timeout: 60_000 }, () => {
  it("serves the playground on PORT and the agent on AGENT_PORT; Ctrl-C stops both", async () => {
    const [appPort, agentPort] = [await freePort(), await freePort()];
    const run = dev({ PORT: String(appPort), AGENT_PORT: String(agentPort) });
    await until(() => run.output.includes("Playground:"), `both servers:\n${run.output}`);
    expect(run.output).toContain(`Mock agent:  http://127.0.0.1:${agentPort}`);
    expect((await fetch(`http://127.0.0.1:${agentPort}/health`)).status).toBe(200);
    expect((await fetch(`http://localhost:${appPort}/`)).status).toBe(200);
    run.child.kill("SIGINT");
    expect(await run.exited).toBe(0);
    expect([await isFree(appPort), await isFree(agentPort)]).toEqual([true, true]);
  });

  it("stops the agent it started when the playground's port is taken", async () => {
    const appPort = await occupy();
    const agentPort = await freePort();
    const run = dev({ PORT: String(appPort), AGENT_PORT: String(agentPort) });
    expect(await run.exited).toBe(1);
    expect(run.output).toMatch(/already in use/);
    expect(run.output).toMatch(/Set PORT/);
    expect(await isFree(agentPort)).toBe(true);
  });

  it("starts no playground when the agent's port is taken", async () => {
    const agentPort = await occupy();
    const appPort = await freePort();
    const run = dev({ PORT: String(appPort), AGENT_PORT: String(agentPort) });
    expect(await run.exited).toBe(1);
    expect(run.output).toMatch(/mock agent exited/);
    expect(run.output).not.toContain("Playground:");
    expect(await isFree(appPort)).toBe(true);
  });
});

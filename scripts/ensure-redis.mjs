#!/usr/bin/env node
// The redis-server the Redis tests of @tandem/server run against, found or installed, then one
// started on a free loopback port for the caller (never the machine's own service):
//   1. REDIS_SERVER_PATH, when set, or `redis-server` on PATH (or /usr/bin, /usr/sbin);
//   2. on Debian only, with none installed and as root: `apt-get install -y redis-server` (after
//      apt-get update), saying so first.
// Where none can be had, `startRedis()` resolves to `{ skip: <why> }` and the tests skip only the
// Redis group, printing why.
//
//   node scripts/ensure-redis.mjs        prints the redis-server it found (installing if it must)
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { aptInstall, isDebian, isExecutable } from "./debian.mjs";

const KNOWN = ["/usr/bin/redis-server", "/usr/sbin/redis-server", "/usr/local/bin/redis-server"];

/** A redis-server already on this machine, or undefined. */
export function findRedisServer() {
  const configured = process.env.REDIS_SERVER_PATH;
  if (configured) return isExecutable(configured) ? configured : undefined;
  const onPath = (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, "redis-server"));
  return [...onPath, ...KNOWN].find((file) => existsSync(file) && isExecutable(file));
}

/** The path of a redis-server; installs Debian's when that is the only way to get one. Throws with the reason otherwise. */
export function ensureRedisServer() {
  const found = findRedisServer();
  if (found) return found;
  if (process.env.REDIS_SERVER_PATH)
    throw new Error(`REDIS_SERVER_PATH is ${process.env.REDIS_SERVER_PATH}, which is not an executable file`);
  if (!isDebian()) throw new Error("no redis-server found, and this is not Debian (install Redis, or set REDIS_SERVER_PATH)");
  if (process.getuid?.() !== 0) throw new Error('no redis-server found; install it with "sudo apt-get install -y redis-server"');
  console.log(
    "No redis-server found: installing Debian's redis-server for the Redis tests (apt-get update && apt-get install -y redis-server)…",
  );
  aptInstall("--no-install-recommends", "redis-server");
  const installed = findRedisServer();
  if (!installed) throw new Error("apt-get installed redis-server, but no executable turned up");
  return installed;
}

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts connections on the port (a Redis PING answered), or rejects after `timeoutMs`. */
async function waitForPing(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => socket.write("PING\r\n"));
      socket.on("data", (data) => {
        resolve(data.toString().startsWith("+PONG"));
        socket.destroy();
      });
      socket.on("error", () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts a throwaway redis-server (no persistence) on a free loopback port. Resolves to
 * `{ url, stop() }`, or to `{ skip }` with the reason when no redis-server can be had.
 */
export async function startRedis() {
  let bin;
  try {
    bin = ensureRedisServer();
  } catch (error) {
    return { skip: error.message };
  }
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), "tandem-redis-"));
  const child = spawn(bin, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], {
    stdio: "ignore",
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPing(port, 10_000);
  } catch (error) {
    await stop();
    return { skip: error.message };
  }
  return { url: `redis://127.0.0.1:${port}`, port, stop };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    console.log(ensureRedisServer());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

#!/usr/bin/env node
// The PostgreSQL server the PostgreSQL tests of @tandem/server run against, found or installed,
// then a throwaway cluster started on a free loopback port for the caller (never the machine's own):
//   1. POSTGRES_BIN_DIR, when set, or the newest /usr/lib/postgresql/<version>/bin, or initdb on PATH;
//   2. on Debian only, with none installed and as root: `apt-get install -y postgresql` (after
//      apt-get update), saying so first.
// PostgreSQL will not run as root: as root, the cluster belongs to the `postgres` user (made by
// Debian's package) and its programs run as that user. Where none can be had,
// `startPostgres()` resolves to `{ skip: <why> }` and the tests skip only the PostgreSQL group,
// printing why.
//
//   node scripts/ensure-postgres.mjs        prints the directory of the programs it found (installing if it must)
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { aptInstall, isDebian, isExecutable } from "./debian.mjs";

/** The directory holding initdb and postgres, or undefined. */
export function findPostgres() {
  const configured = process.env.POSTGRES_BIN_DIR;
  if (configured) return isExecutable(path.join(configured, "postgres")) ? configured : undefined;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const candidates = [...versions.map((v) => path.join(root, v, "bin")), ...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean)];
  return candidates.find((dir) => isExecutable(path.join(dir, "initdb")) && isExecutable(path.join(dir, "postgres")));
}

/** The directory of PostgreSQL's programs; installs Debian's when that is the only way to get them. Throws with the reason otherwise. */
export function ensurePostgres() {
  const found = findPostgres();
  if (found) return found;
  if (process.env.POSTGRES_BIN_DIR) throw new Error(`POSTGRES_BIN_DIR is ${process.env.POSTGRES_BIN_DIR}, which holds no postgres program`);
  if (!isDebian()) throw new Error("no PostgreSQL found, and this is not Debian (install PostgreSQL, or set POSTGRES_BIN_DIR)");
  if (process.getuid?.() !== 0) throw new Error('no PostgreSQL found; install it with "sudo apt-get install -y postgresql"');
  console.log(
    "No PostgreSQL found: installing Debian's postgresql for the PostgreSQL tests (apt-get update && apt-get install -y postgresql)…",
  );
  aptInstall("--no-install-recommends", "postgresql");
  const installed = findPostgres();
  if (!installed) throw new Error("apt-get installed postgresql, but no initdb turned up");
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

/** Resolves once the server accepts connections (`pg_isready`), or rejects after `timeoutMs`. */
async function waitUntilReady(bin, port, timeoutMs, exited) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited()) throw new Error("postgres exited as it started");
    try {
      execFileSync(path.join(bin, "pg_isready"), ["-q", "-h", "127.0.0.1", "-p", String(port)], { stdio: "ignore" });
      return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`postgres did not accept connections on port ${port} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts a throwaway PostgreSQL cluster (no fsync, trust authentication, loopback only) on a free
 * port. Resolves to `{ url, stop() }`, or to `{ skip }` with the reason when none can be had.
 */
export async function startPostgres() {
  let bin;
  try {
    bin = ensurePostgres();
  } catch (error) {
    return { skip: error.message };
  }
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), "tandem-postgres-"));
  // As root, the cluster is the postgres user's: its directory, and its programs run as it.
  // (Node starts them as that user itself, so a signal reaches postgres, not a runuser between.)
  const as = asRoot
    ? { uid: Number(execFileSync("id", ["-u", "postgres"]).toString()), gid: Number(execFileSync("id", ["-g", "postgres"]).toString()) }
    : {};
  if (asRoot) {
    chownSync(dir, as.uid, as.gid);
    chmodSync(dir, 0o700);
  }
  const run = (program, args) => [path.join(bin, program), args];
  const data = path.join(dir, "data");
  try {
    const [initdb, initArgs] = run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
    execFileSync(initdb, initArgs, { stdio: "ignore", cwd: dir, ...as });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { skip: `initdb failed: ${error.message}` };
  }
  const port = await freePort();
  const [postgres, args] = run("postgres", [
    "-D",
    data,
    "-p",
    String(port),
    "-k",
    dir,
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    "fsync=off",
    "-c",
    "synchronous_commit=off",
    "-c",
    "full_page_writes=off",
  ]);
  const child = spawn(postgres, args, { stdio: "ignore", cwd: dir, ...as });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGINT"); // a fast shutdown
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(bin, port, 20_000, () => child.exitCode !== null);
  } catch (error) {
    await stop();
    return { skip: error.message };
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, stop };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    console.log(ensurePostgres());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

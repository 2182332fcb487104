import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The install of the real agent runtimes (`e2e/runtimes/`, its own package.json and lockfile):
 * `npm ci` into `e2e/runtimes/node_modules`, stamped with the lockfile's sha256 so it runs again
 * only when the lockfile changes. Never by `pnpm install`.
 *
 * Test files run in several worker processes, and two of them may need the runtimes at once, so
 * one process owns the install: globalSetup.ts serves `serveRuntimesInstall()` from Vitest's main
 * process and each worker asks it (`waitForRuntimesInstall`), which answers when the one install
 * is done, or with npm's error.
 */
export const runtimesFolder = fileURLToPath(new URL("./runtimes/", import.meta.url));
const stamp = path.join(runtimesFolder, "node_modules", ".tandem-lockfile-sha256");
/** How long `npm ci` may take before it counts as hung (a cold cache on a busy 2-core machine takes about 3 minutes). */
const NPM_TIMEOUT_MS = 15 * 60_000;

const lockfileHash = () =>
  createHash("sha256")
    .update(readFileSync(path.join(runtimesFolder, "package-lock.json")))
    .digest("hex");

/** Whether the runtimes are installed from the lockfile as it is now. */
export function runtimesInstalled(): boolean {
  return existsSync(stamp) && readFileSync(stamp, "utf8") === lockfileHash();
}

/** Runs `npm ci` in the runtimes' folder unless it is installed already; rejects with npm's output. */
export async function installRuntimes(signal?: AbortSignal): Promise<void> {
  if (runtimesInstalled()) return;
  const lock = lockfileHash();
  const started = Date.now();
  console.log("Installing the real agent runtimes for the browser tests (npm ci in apps/playground/e2e/runtimes)…");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  await new Promise<void>((resolve, reject) => {
    execFile(
      npm,
      ["ci", "--no-audit", "--no-fund", "--ignore-scripts", "--prefer-offline"],
      { cwd: runtimesFolder, maxBuffer: 64 * 1024 * 1024, timeout: NPM_TIMEOUT_MS, ...(signal && { signal }) },
      (error, _stdout, stderr) => {
        if (!error) return resolve();
        const why = signal?.aborted
          ? "npm ci was stopped: the test run ended first"
          : error.killed
            ? `npm ci took over ${NPM_TIMEOUT_MS / 60_000} minutes`
            : "npm ci failed";
        reject(
          new Error(`Could not install the runtimes in ${runtimesFolder} (${why}; it needs the npm registry):\n${stderr || error.message}`),
        );
      },
    );
  });
  writeFileSync(stamp, lock);
  console.log(`Installed the runtimes in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/** The install, served to the test workers: see serveRuntimesInstall. */
export interface RuntimesInstaller {
  /** What the workers POST to; the answer comes when the install is done: 200, or 500 with npm's error. */
  url: string;
  /** Stops the server, and an install nobody asked for that is still going (nothing is stamped: the next run starts over). */
  close(): Promise<void>;
}

/**
 * Serves the one install of a test run on 127.0.0.1 and a free port. It starts at once when the
 * runtimes are not installed (beside the playground's build), so it is usually done by the time a
 * runtime's test file asks; a run whose files never ask stops it at the end.
 */
export async function serveRuntimesInstall(): Promise<RuntimesInstaller> {
  const abort = new AbortController();
  let asked = false;
  let settled = runtimesInstalled();
  const install = installRuntimes(abort.signal).finally(() => {
    settled = true;
  });
  // Nobody may be waiting yet: a failure is answered to whoever asks, never thrown here.
  install.catch(() => {});
  const server = http.createServer((_req, res) => {
    asked = true;
    install.then(
      () => res.writeHead(200, { "content-type": "text/plain" }).end("installed"),
      (error: Error) => res.writeHead(500, { "content-type": "text/plain" }).end(error.message),
    );
  });
  // An install takes minutes: no request timeout.
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    async close() {
      if (!settled && !asked) abort.abort();
      await install.catch(() => {});
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Asks the installer (in Vitest's main process) for the runtimes and waits until they are installed; rejects with npm's error. */
export function waitForRuntimesInstall(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "POST" }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(body))));
      res.on("error", reject);
    });
    req.on("error", (error) => reject(new Error(`The runtimes' installer (globalSetup.ts) did not answer: ${error.message}`)));
    req.end();
  });
}

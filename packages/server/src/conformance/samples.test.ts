import { type ChildProcess, spawn } from "node:child_process";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { sessions, startServer } from "../../../../docs/samples/server.js";
import { ensurePythonFastapi } from "../../../../scripts/ensure-python-fastapi.mjs";
import { listen } from "../test/http.js";
import { checkResumableRuns } from "./runRules.js";
import { checkThreadStore } from "./threadStoreRules.js";

const samples = fileURLToPath(new URL("../../../../docs/samples/", import.meta.url));
let python: string | undefined;
let noPython: string | undefined;
try {
  python = ensurePythonFastapi();
} catch (error) {
  noPython = (error as Error).message;
  console.log(`Skipping the Python sample's conformance run: ${noPython}`);
}

let close = async () => {};
afterEach(() => close());

const failed = (results: { outcome: string }[]) => results.filter((r) => r.outcome === "fail");
const skipped = (results: { outcome: string; rule: string }[]) => results.filter((r) => r.outcome === "skip").map((r) => r.rule);

describe("the docs' Node sample (docs/samples/server.ts), checked by the conformance rules", () => {
  it("passes every rule of runs and of threads for two users, but the capabilities it does not serve", async () => {
    const server = await startServer(0);
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    sessions.set("c-ann", { user: "conformance-ann" });
    sessions.set("c-ben", { user: "conformance-ben" });
    const users = { userA: { cookie: "session=c-ann" }, userB: { cookie: "session=c-ben" } };
    const runs = await checkResumableRuns({ url: `${base}/agent`, join: `${base}/resume/{threadId}/{runId}`, ...users });
    expect(failed(runs)).toEqual([]);
    expect(skipped(runs)).toEqual(["the capabilities say transport.resumable is true"]);
    const threads = await checkThreadStore({ url: `${base}/threads`, ...users });
    expect(failed(threads)).toEqual([]);
    expect(skipped(threads)).toEqual([]);
  });
});

describe.skipIf(python === undefined)("the docs' Python sample (docs/samples/resumable_server.py), run for real", () => {
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child!.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  });

  it("passes every rule of the resumption contract for two users, but the capabilities it does not serve", async () => {
    // A free port, then uvicorn on it (the sample's own instructions).
    const probe = await listen(() => {});
    const port = Number(new URL(probe.url).port);
    await probe.close();
    child = spawn(python!, ["-m", "uvicorn", "resumable_server:app", "--host", "127.0.0.1", "--port", String(port)], {
      cwd: samples,
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const started = new Promise<void>((resolve, reject) => {
      const read = (data: Buffer) => {
        output += data.toString();
        if (output.includes("Uvicorn running")) resolve();
      };
      child!.stdout!.on("data", read);
      child!.stderr!.on("data", read);
      child!.once("exit", (code) => reject(new Error(`uvicorn exited (${code}) before serving:\n${output}`)));
    });
    await started;
    const base = `http://127.0.0.1:${port}`;
    const results = await checkResumableRuns({
      url: `${base}/agent`,
      join: `${base}/resume/{threadId}/{runId}`,
      userA: { cookie: "session=ann-session" },
      userB: { cookie: "session=ben-session" },
    });
    expect(failed(results)).toEqual([]);
    expect(skipped(results)).toEqual(["the capabilities say transport.resumable is true"]);
  });
});

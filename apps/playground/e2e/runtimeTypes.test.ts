import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { ensureRuntimes } from "./runtimes";
import { runtimesFolder } from "./runtimesInstall";

// The runtimes' server files are what the docs' servers guide shows (`<<<` snippets): each is
// `// @ts-check` JSDoc, checked here with the workspace's TypeScript against the packages they run
// on (installed by npm ci: see runtimesInstall.ts), so the code a reader copies calls real APIs.
it("the runtimes' server files type-check against the packages they run on", async () => {
  await ensureRuntimes();
  const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve("typescript/package.json")), "bin", "tsc");
  const result = await promisify(execFile)(process.execPath, [tsc, "-p", path.join(runtimesFolder, "tsconfig.json")], {
    cwd: runtimesFolder,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => error);
  expect(`${result.stdout ?? ""}${result.stderr ?? ""}`).toBe("");
}, 900_000);

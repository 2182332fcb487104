#!/usr/bin/env node
// Builds the package in the current directory: a clean dist/ (no file of a deleted module
// survives into a tarball), `tsc -p tsconfig.build.json` (per-file ESM, .d.ts, source maps with
// their sources inlined), then copies the assets named on the command line from src/ to dist/.
//
//   node ../../scripts/build-package.mjs [asset relative to src/ ...]     e.g. styles.css
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";

rmSync("dist", { recursive: true, force: true });
// pnpm puts the workspace's node_modules/.bin on PATH for package scripts.
const tsc = spawnSync("tsc", ["-p", "tsconfig.build.json"], { stdio: "inherit", shell: process.platform === "win32" });
if (tsc.error) throw tsc.error;
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
for (const asset of process.argv.slice(2)) {
  mkdirSync(path.dirname(path.join("dist", asset)), { recursive: true });
  copyFileSync(path.join("src", asset), path.join("dist", asset));
}

#!/usr/bin/env node
// Packs the five packages as they would be published: `pnpm pack` applies each package's
// publishConfig (exports into dist/) and turns `workspace:` ranges into real versions.
// Needs a build first (`pnpm build`).
//
//   node scripts/pack-packages.mjs [destination]       prints the tarballs' paths
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const root = fileURLToPath(new URL("..", import.meta.url));
export const PACKAGES = ["core", "react", "ui", "server", "mock-agent"];

const run = promisify(execFile);

/** Packs every package into `destination`; returns `{ name, version, dir, tarball }` for each, in order. */
export async function packPackages(destination = mkdtempSync(path.join(os.tmpdir(), "tandem-packs-"))) {
  mkdirSync(destination, { recursive: true });
  const packs = PACKAGES.map((pkg) => {
    const dir = path.join(root, "packages", pkg);
    const { name, version } = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
    if (!existsSync(path.join(dir, "dist", "index.js"))) throw new Error(`${name} has no dist/: run \`npx -y pnpm@10 build\` first`);
    const tarball = path.join(destination, `${name.replace("@", "").replace("/", "-")}-${version}.tgz`);
    return { name, version, dir, tarball };
  });
  // One pnpm for all five (each `npx pnpm` costs seconds to start).
  await run("npx", ["-y", "pnpm@10", "-r", "--filter", "./packages/**", "pack", "--pack-destination", destination], {
    cwd: root,
    shell: process.platform === "win32",
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const { tarball } of packs) if (!existsSync(tarball)) throw new Error(`pnpm pack did not write ${tarball}`);
  return packs;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const packs = await packPackages(process.argv[2] && path.resolve(process.argv[2]));
  for (const p of packs) console.log(p.tarball);
}

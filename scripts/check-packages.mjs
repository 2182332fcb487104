#!/usr/bin/env node
// Package checks (part of `pnpm test`, after the build): packs the five packages the way they
// are published and checks each tarball with
//   - publint (--strict: warnings fail too), the package.json against what the tarball holds;
//   - @arethetypeswrong/cli with the esm-only profile: Tandem ships ESM only (one format, no
//     dual-package hazard; Node 20 and every bundler import it, and CommonJS code can `import()`
//     it), so the CommonJS and node10 resolutions are deliberately out of scope;
//   - our own rules: no `workspace:` ranges left; every export, bin and relative import (static
//     and dynamic, i.e. the lazy chunks) points at a file in the tarball; every package a
//     published file imports is a dependency or peer dependency, and every dependency is
//     imported by some published file (dependencies hold only what runs or what the types
//     need); the browser packages import no `node:` module; no tests or sources are shipped;
//     the repository's LICENSE is; the entries of React code start with "use client" (React Server
//     Components, e.g. Next.js's App Router, render them as client components) and the others do
//     not (server code imports them).
// Any problem fails the run.
//
//   node scripts/check-packages.mjs [--keep]        --keep leaves the temp dir with the tarballs
import { execFile, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { packPackages, root } from "./pack-packages.mjs";

const started = Date.now();
const work = mkdtempSync(path.join(os.tmpdir(), "tandem-check-"));
const bin = (name) => path.join(root, "node_modules", ".bin", process.platform === "win32" ? `${name}.cmd` : name);
const execFileAsync = promisify(execFile);

/** What each package must declare, beyond what every package must. */
const EXPECT = {
  "@tandem/core": { sideEffects: false, browser: true },
  "@tandem/react": { sideEffects: false, browser: true, clientEntries: ["."] },
  "@tandem/ui": {
    // The stylesheet, the Markdown worker's stand-in `document`, which must run before the parser loads in the worker,
    // and the table of default parts, which registers itself with the parts registry.
    sideEffects: ["*.css", "**/markdown/workerDocument.*", "**/chat/defaultParts.*"],
    browser: true,
    noTypes: ["./styles.css"],
    clientEntries: [".", "./markdown", "./inspector", "./a2ui", "./mcp-apps"],
  },
  "@tandem/server": { sideEffects: false, browser: false, bin: { "tandem-conformance": "./bin/tandem-conformance.mjs" } },
  "@tandem/mock-agent": { sideEffects: false, browser: false, bin: { "tandem-mock": "./bin/tandem-mock.mjs" } },
};

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

/** Module specifiers a JS or .d.ts file imports: static, re-exports, side-effect and dynamic/type imports. */
function specifiers(code) {
  const found = new Set();
  const patterns = [
    /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?[\w*{}\s,$]*?\s*from\s*["']([^"']+)["']/g,
    /(?:^|[\s;])import\s*["']([^"']+)["']/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
    // A package loaded with Node's own resolution: `createRequire(import.meta.url)("ws")`.
    /\bcreateRequire\([^)]*\)\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) found.add(m[1]);
  return [...found];
}

const packageName = (spec) => (spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]);

/** Our own rules, on the unpacked tarball. */
function checkContents({ name }, dir) {
  const problems = [];
  const manifestText = readFileSync(path.join(dir, "package.json"), "utf8");
  const manifest = JSON.parse(manifestText);
  const expect = EXPECT[name];
  const files = walk(dir).map((f) => path.relative(dir, f).split(path.sep).join("/"));
  const has = (p) => files.includes(p.replace(/^\.\//, ""));

  if (manifestText.includes("workspace:")) problems.push("package.json still has a workspace: range");
  if (manifest.license !== "MIT") problems.push(`license is ${manifest.license}, expected MIT`);
  if (!has("LICENSE")) problems.push("no LICENSE file in the tarball");
  else if (readFileSync(path.join(dir, "LICENSE"), "utf8") !== readFileSync(path.join(root, "LICENSE"), "utf8")) {
    problems.push("LICENSE differs from the repository's");
  }
  if (!manifest.repository?.url) problems.push("no repository");
  if (!manifest.engines?.node) problems.push("no engines.node");
  if (!manifest.keywords?.length) problems.push("no keywords");
  if (JSON.stringify(manifest.sideEffects) !== JSON.stringify(expect.sideEffects)) {
    problems.push(`sideEffects is ${JSON.stringify(manifest.sideEffects)}, expected ${JSON.stringify(expect.sideEffects)}`);
  }
  const shipped = files.filter((f) => !["package.json", "LICENSE", "CHANGELOG.md"].includes(f) && !f.startsWith("README"));
  const stray = shipped.filter((f) => !/^(dist|bin)\//.test(f) || /\.test\.|\/test\//.test(f));
  if (stray.length) problems.push(`ships files it should not: ${stray.join(", ")}`);

  // Exports: every target is a file in the tarball; every JS entry has its types.
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    const targets = typeof target === "string" ? { default: target } : target;
    for (const [condition, file] of Object.entries(targets)) {
      if (!has(file)) problems.push(`exports["${subpath}"].${condition} → ${file} is not in the tarball`);
    }
    if (typeof target === "object" && !expect.noTypes?.includes(subpath) && !targets.types)
      problems.push(`exports["${subpath}"] has no types`);
    if (!has(targets.default) || !targets.default.endsWith(".js")) continue;
    // A directive is the first statement: only comments may come before it.
    const client = /^(?:\s*(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/))*\s*["']use client["']/.test(
      readFileSync(path.join(dir, targets.default), "utf8"),
    );
    const wanted = expect.clientEntries?.includes(subpath) ?? false;
    if (client !== wanted)
      problems.push(
        `exports["${subpath}"] → ${targets.default} ${wanted ? 'does not start with "use client"' : 'starts with "use client"'}`,
      );
  }
  if (JSON.stringify(manifest.bin) !== JSON.stringify(expect.bin)) problems.push(`bin is ${JSON.stringify(manifest.bin)}`);
  for (const file of Object.values(manifest.bin ?? {})) {
    if (!has(file)) problems.push(`bin ${file} is not in the tarball`);
    else if (!readFileSync(path.join(dir, file), "utf8").startsWith("#!/usr/bin/env node\n"))
      problems.push(`bin ${file} has no node shebang`);
  }

  // What the published files import.
  const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);
  const used = new Set();
  for (const file of files.filter((f) => /\.(m?js|d\.ts)$/.test(f))) {
    const code = readFileSync(path.join(dir, file), "utf8");
    for (const spec of specifiers(code)) {
      if (spec.startsWith(".")) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
        const candidates = file.endsWith(".d.ts") ? [target.replace(/\.js$/, ".d.ts"), target] : [target];
        if (!candidates.some((c) => files.includes(c))) problems.push(`${file} imports ${spec}, which is not in the tarball`);
      } else if (spec.startsWith("node:")) {
        if (expect.browser && !file.endsWith(".d.ts")) problems.push(`${file} imports ${spec}: a browser package must not`);
      } else {
        const pkg = packageName(spec);
        used.add(pkg);
        if (!declared.has(pkg)) problems.push(`${file} imports ${spec}, but ${pkg} is not a dependency or peer dependency`);
      }
    }
  }
  for (const dep of Object.keys(manifest.dependencies ?? {})) {
    if (!used.has(dep)) problems.push(`dependency ${dep} is imported by no published file`);
  }
  for (const peer of Object.keys(manifest.peerDependencies ?? {})) {
    if (!used.has(peer) && !(peer.startsWith("@types/") && used.has(peer.slice("@types/".length)))) {
      problems.push(`peer dependency ${peer} is imported by no published file`);
    }
  }
  return problems;
}

/** Runs a checker; its output becomes the problem when it exits non-zero. */
async function tool(label, command, args) {
  try {
    await execFileAsync(command, args, {
      shell: process.platform === "win32",
      env: { ...process.env, FORCE_COLOR: "0" },
      maxBuffer: 16 << 20,
    });
    return [];
  } catch (error) {
    const output = `${error.stdout ?? ""}${error.stderr ?? ""}`.trim() || error.message;
    return [`${label} failed:\n${output.replace(/^/gm, "      ")}`];
  }
}

async function check(pack) {
  const dir = path.join(work, "unpacked", pack.name.replace("/", "+"));
  mkdirSync(dir, { recursive: true });
  const untar = spawnSync("tar", ["-xzf", pack.tarball, "-C", dir, "--strip-components=1"], { encoding: "utf8" });
  if (untar.status !== 0) throw new Error(`tar could not unpack ${pack.tarball}: ${untar.stderr}`);
  const excluded = EXPECT[pack.name].noTypes ?? [];
  const attwArgs = [
    pack.tarball,
    "--profile",
    "esm-only",
    "--format",
    "ascii",
    ...(excluded.length ? ["--exclude-entrypoints", ...excluded] : []),
  ];
  const results = await Promise.all([
    tool("publint", bin("publint"), ["run", pack.tarball, "--strict"]),
    tool("attw", bin("attw"), attwArgs),
  ]);
  return [...results.flat(), ...checkContents(pack, dir)];
}

let failed = false;
try {
  const packs = await packPackages(path.join(work, "tarballs"));
  const problemsOf = await Promise.all(packs.map(check));
  packs.forEach((pack, i) => {
    const problems = problemsOf[i];
    const size = (readFileSync(pack.tarball).byteLength / 1024).toFixed(1);
    console.log(`${problems.length ? "FAIL" : "ok  "}  ${pack.name}@${pack.version}  (${size} KiB packed)`);
    for (const p of problems) console.log(`      - ${p}`);
    failed ||= problems.length > 0;
  });
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  if (process.argv.includes("--keep")) console.log(`tarballs kept in ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
console.log(`\npackage checks ${failed ? "FAILED" : "passed"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);

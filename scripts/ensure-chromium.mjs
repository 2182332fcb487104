#!/usr/bin/env node
// The Chromium the browser tests drive, found in this order:
//   1. CHROMIUM_PATH, when set (it must point at an executable);
//   2. a system Chromium or Chrome (the usual paths, then the usual names on PATH);
//   3. on Debian only, with none installed: `apt-get install -y chromium` (after apt-get update),
//      as root, saying so first. Elsewhere (Ubuntu's chromium is a snap stub, macOS has no
//      apt), a clear error that says how to set CHROMIUM_PATH.
//
//   node scripts/ensure-chromium.mjs        prints the path it found (installing if it must)
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { aptInstall, isDebian, isExecutable } from "./debian.mjs";

const KNOWN_PATHS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/snap/bin/chromium",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
];
const KNOWN_NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];

const HOW_TO = "Set CHROMIUM_PATH to a Chromium or Chrome executable, e.g. CHROMIUM_PATH=/usr/bin/chromium npx -y pnpm@10 test.";

/** A Chromium already on this machine, or undefined. */
export function findChromium() {
  const onPath = (process.env.PATH ?? "").split(path.delimiter).filter(Boolean);
  const candidates = [...KNOWN_PATHS, ...KNOWN_NAMES.flatMap((name) => onPath.map((dir) => path.join(dir, name)))];
  return candidates.find((file) => existsSync(file) && isExecutable(file));
}

/** The path of a Chromium to launch; installs Debian's when that is the only way to get one. */
export function ensureChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured) || !isExecutable(configured)) {
      throw new Error(`CHROMIUM_PATH is ${configured}, which is not an executable file. ${HOW_TO}`);
    }
    return configured;
  }
  const found = findChromium();
  if (found) return found;
  if (!isDebian()) {
    throw new Error(`No Chromium found (looked at ${KNOWN_PATHS.join(", ")} and for ${KNOWN_NAMES.join(", ")} on PATH). ${HOW_TO}`);
  }
  if (process.getuid?.() !== 0) {
    throw new Error(`No Chromium found. On Debian, install it with "sudo apt-get install -y chromium", or: ${HOW_TO}`);
  }
  console.log("No Chromium found: installing Debian's chromium for the browser tests (apt-get update && apt-get install -y chromium)…");
  aptInstall("chromium");
  const installed = findChromium();
  if (!installed) throw new Error(`apt-get installed chromium, but no executable turned up. ${HOW_TO}`);
  console.log(`Installed ${installed}.`);
  return installed;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    console.log(ensureChromium());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

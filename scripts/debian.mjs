// What the scripts that find a system program (ensure-chromium.mjs, ensure-redis.mjs) share:
// whether a file can be run, whether this is Debian, and installing a Debian package as root.

import { execFileSync } from "node:child_process";
import { accessSync, constants, readFileSync } from "node:fs";

/** Whether `file` exists and may be run. */
export function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether this machine runs Debian (where apt-get installs what the tests need). */
export function isDebian() {
  try {
    return /^ID=("?)debian\1$/m.test(readFileSync("/etc/os-release", "utf8"));
  } catch {
    return false;
  }
}

/** `apt-get update`, then `apt-get install -y` of `names`, printing apt's output. */
export function aptInstall(...names) {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", ...names], { stdio: "inherit", env });
}

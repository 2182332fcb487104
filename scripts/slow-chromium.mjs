// How the browser tests run Chromium's pages on a CPU `rate` times slower than the machine's (every
// browser test must pass at a quarter of the speed).
//
// DevTools' throttling (Emulation.setCPUThrottlingRate) slows a page's main thread by making it spin:
// on Linux another thread signals it every few hundred microseconds, and the signal handler
// busy-waits (Blink's scheduler/common/thread_cpu_throttler.cc). A page throttled 4× keeps 0.8 of a
// core busy even when it does nothing (measured: 8.1 s of CPU in 10 s idle, against 0.01 s
// unthrottled), so on 2 cores a suite of throttled pages spends most of its CPU spinning, and starves
// the agents and servers under test and the other file's page of theirs.
//
// Where Linux allows it (root, a writable cpu cgroup, v1 or v2), each renderer instead runs in a
// cgroup of its own capped at 1/rate of a core (slow-renderer.sh, through Chromium's
// --renderer-cmd-prefix): a busy loop slows as much as with DevTools' 4× (2.6× with either,
// measured), all of the renderer's threads slow (its workers too, which DevTools leaves at full
// speed), and an idle page costs nothing. Elsewhere, DevTools' throttling.
//
// TANDEM_E2E_CPU_THROTTLE sets the rate (1: not slowed); TANDEM_E2E_THROTTLE_BY=devtools forces
// DevTools' throttling, to compare.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureChromium } from "./ensure-chromium.mjs";

const PREFIX = fileURLToPath(new URL("slow-renderer.sh", import.meta.url));
/** The cgroup's accounting period: short, so a capped page works in small slices rather than 25 ms of every 100. */
const PERIOD_US = 20_000;
const NAME = "tandem-e2e-";

let launches = 0;

/** The cpu controller's directory where this process may make cgroups with a CPU cap, else undefined. */
function cpuCgroupRoot() {
  if (process.platform !== "linux" || process.getuid?.() !== 0) return undefined;
  for (const v1 of ["/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct"]) {
    if (existsSync(path.join(v1, "cpu.cfs_quota_us"))) return v1;
  }
  const v2 = "/sys/fs/cgroup";
  try {
    if (readFileSync(path.join(v2, "cgroup.controllers"), "utf8").split(/\s+/).includes("cpu")) return v2;
  } catch {}
  return undefined;
}

/** Lets the cgroups under `dir` have a CPU cap (cgroup v2 only; v1 has the files already). */
function enableCpuBelow(dir) {
  const control = path.join(dir, "cgroup.subtree_control");
  if (existsSync(control) && !readFileSync(control, "utf8").split(/\s+/).includes("cpu")) writeFileSync(control, "+cpu");
}

/** Removes the cgroups a run left behind (its renderers all ended), with every renderer's under them. */
function removeCgroup(dir) {
  for (const child of readdirSync(dir, { withFileTypes: true })) {
    if (child.isDirectory()) rmdirSync(path.join(dir, child.name));
  }
  rmdirSync(dir);
}

/** Removes what earlier runs that were killed left: the cgroups of processes that no longer exist. */
function sweep(root) {
  for (const name of readdirSync(root)) {
    const pid = Number(name.startsWith(NAME) ? name.slice(NAME.length).split("-")[0] : Number.NaN);
    if (!Number.isInteger(pid) || existsSync(`/proc/${pid}`)) continue;
    try {
      removeCgroup(path.join(root, name));
    } catch {}
  }
}

/** A cgroup for one Chromium's renderers, capped at 1/rate of a core each; throws where it cannot be made. */
function makeCgroup(root, rate) {
  sweep(root);
  enableCpuBelow(root);
  const dir = path.join(root, `${NAME}${process.pid}-${++launches}`);
  mkdirSync(dir);
  try {
    enableCpuBelow(dir);
    // The cap is tried on a probe first, so a machine that refuses it falls back rather than failing every renderer.
    const probe = path.join(dir, "probe");
    mkdirSync(probe);
    const quota = String(Math.max(1000, Math.round(PERIOD_US / rate)));
    if (existsSync(path.join(probe, "cpu.max"))) writeFileSync(path.join(probe, "cpu.max"), `${quota} ${PERIOD_US}`);
    else {
      writeFileSync(path.join(probe, "cpu.cfs_period_us"), String(PERIOD_US));
      writeFileSync(path.join(probe, "cpu.cfs_quota_us"), quota);
    }
    rmdirSync(probe);
    return { dir, quota };
  } catch (error) {
    try {
      removeCgroup(dir);
    } catch {}
    throw error;
  }
}

/**
 * How to launch one Chromium whose pages run `rate` times slower than a core of this machine:
 * `args` and `env` go to the launch, `slowPage(page)` on every page (a no-op where the cgroups do
 * the work), `close()` after the browser has closed.
 *
 * @param {number} rate
 */
export function slowChromium(rate) {
  const none = { how: "none", args: [], env: {}, slowPage: async () => {}, close() {} };
  if (!(rate > 1)) return none;
  const devtools = (why) => ({
    ...none,
    how: "devtools",
    why,
    async slowPage(page) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate });
    },
  });
  if (process.env.TANDEM_E2E_THROTTLE_BY === "devtools") return devtools("TANDEM_E2E_THROTTLE_BY=devtools");
  const root = cpuCgroupRoot();
  if (!root) return devtools("no cpu cgroup this process may write (not Linux, not root, or no cpu controller)");
  let cgroup;
  try {
    cgroup = makeCgroup(root, rate);
  } catch (error) {
    return devtools(`the cpu cgroup refused a cap: ${error instanceof Error ? error.message : String(error)}`);
  }
  return {
    how: "cgroup",
    args: [`--renderer-cmd-prefix=${PREFIX}`],
    env: { TANDEM_RENDERER_CGROUP: cgroup.dir, TANDEM_RENDERER_QUOTA: cgroup.quota, TANDEM_RENDERER_PERIOD: String(PERIOD_US) },
    slowPage: async () => {},
    close() {
      // The renderers end with the browser; a cgroup still holding one that is exiting is removed by the next run's sweep.
      try {
        removeCgroup(cgroup.dir);
      } catch {}
    },
  };
}

/**
 * The options for `chromium.launch` of a headless Chromium slowed as `slow` says (see slowChromium),
 * with `args` beside the ones every test's Chromium has.
 *
 * @param {ReturnType<typeof slowChromium>} slow
 * @param {string[]} [args]
 */
export function launchOptions(slow, args = []) {
  return {
    executablePath: ensureChromium(),
    headless: true,
    env: { ...process.env, ...slow.env },
    args: ["--no-sandbox", "--disable-gpu", ...args, ...slow.args],
  };
}

/**
 * Whether slowChromium caps renderers with cgroups here rather than falling back to DevTools'
 * throttling, which spins: a test runner uses it to choose how many browser files run at once.
 * It asks slowChromium itself (a cgroup made and removed), so the two never disagree.
 */
export function capsRenderers() {
  const probe = slowChromium(4);
  probe.close();
  return probe.how === "cgroup";
}

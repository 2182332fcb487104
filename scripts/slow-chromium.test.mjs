import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { launchOptions, slowChromium } from "./slow-chromium.mjs";

/** Seconds of CPU the process `pid` has used (user + system). */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** How many periods the scheduler held the cgroup at `dir` back for its CPU cap (`nr_throttled`). */
function throttledPeriods(dir) {
  return Number(/^nr_throttled (\d+)$/m.exec(readFileSync(path.join(dir, "cpu.stat"), "utf8"))?.[1] ?? 0);
}

/** The pids of the renderers in a cgroup made by slowChromium. */
function renderersIn(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      readFileSync(path.join(dir, entry.name, "cgroup.procs"), "utf8")
        .split("\n")
        .filter(Boolean)
        .map(Number),
    );
}

const probe = slowChromium(4);
probe.close();

let cleanup = async () => {};
afterEach(() => cleanup());

describe("the browser tests' slow CPU", () => {
  it.skipIf(probe.how !== "cgroup")(
    `puts every renderer in a cgroup capped at a quarter of a core, and an idle page costs no CPU, a busy one is held back (${probe.why ?? probe.how})`,
    async () => {
      const slow = slowChromium(4);
      const browser = await chromium.launch(launchOptions(slow));
      cleanup = async () => {
        await browser.close();
        slow.close();
      };
      const page = await browser.newPage();
      await page.setContent("<p>idle</p>");
      const renderers = renderersIn(slow.env.TANDEM_RENDERER_CGROUP);
      expect(renderers.length).toBeGreaterThan(0);
      const groups = readdirSync(slow.env.TANDEM_RENDERER_CGROUP, { withFileTypes: true }).filter((entry) => entry.isDirectory());
      expect(groups.length).toBeGreaterThan(0);
      for (const group of groups) {
        const dir = path.join(slow.env.TANDEM_RENDERER_CGROUP, group.name);
        const [quota, period] = readdirSync(dir).includes("cpu.max")
          ? readFileSync(path.join(dir, "cpu.max"), "utf8").trim().split(" ").map(Number)
          : ["cpu.cfs_quota_us", "cpu.cfs_period_us"].map((file) => Number(readFileSync(path.join(dir, file), "utf8")));
        expect(quota / period).toBe(0.25);
      }
      // DevTools' 4× spins the page's thread: 0.8 of a core for an idle page, for as long as it is
      // open. Capped, an idle page sleeps once its renderers have started (their start-up, a second
      // of CPU, takes a few at a quarter of a core).
      const renderersCpu = () => renderers.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
      let busy = Number.POSITIVE_INFINITY;
      for (let tries = 0; tries < 20 && busy >= 0.05; tries++) {
        const before = renderersCpu();
        await new Promise((resolve) => setTimeout(resolve, 1000));
        busy = renderersCpu() - before;
      }
      expect(busy).toBeLessThan(0.05);
      // And the cap holds a page that works: its cgroup's scheduler throttles it. A count, not a
      // time; and a fixed amount of work (about 0.6 s of CPU, over a hundred periods' quota), not a
      // wall-clock loop that a loaded machine could starve below the cap.
      const throttled = () =>
        groups.reduce((sum, group) => sum + throttledPeriods(path.join(slow.env.TANDEM_RENDERER_CGROUP, group.name)), 0);
      const before = throttled();
      await page.evaluate(() => {
        let x = 0;
        for (let i = 0; i < 2e8; i++) x += i % 7;
        return x;
      });
      expect(throttled()).toBeGreaterThan(before);
    },
    60_000,
  );
});

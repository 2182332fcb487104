import { describe, expect, it } from "vitest";
import { until } from "../test/scripts.js";
import { lockManager } from "../test/webLocks.js";
import { RunningThreads } from "./runningThreads.js";
import { type RunLocks, RunOwner } from "./runOwner.js";

/** A tab's view of which threads run, counting how often it was told of a change. */
function watcher(locks: RunLocks, storageName = "s") {
  const seen = { changes: 0 };
  const running = new RunningThreads(storageName, () => seen.changes++, locks);
  return { running, seen };
}

/** A tab's run of thread `id`: the ownership its runs take, as a `ThreadKeeper` gives it. */
const runOf = (tab: RunningThreads, locks: RunLocks, id = "t1") => tab.ownership(new RunOwner(`run:${id}`, locks), id);

/** Tabs A and B of one browser, and A's run of t1 started and counted in B. */
async function runningInA() {
  const manager = lockManager();
  const tabA = manager.tab();
  const a = watcher(tabA.locks);
  const b = watcher(manager.tab().locks);
  const run = runOf(a.running, tabA.locks);
  expect(await run.acquire()).toBe(true);
  await until(() => a.running.has("t1"));
  // B hears of the run (another tab's save) and reads the locks.
  await b.running.refresh();
  expect(b.running.has("t1")).toBe(true);
  return { manager, tabA, a, b, run };
}

describe("RunningThreads", () => {
  it("another tab's run counts from its start, and stops counting when it ends, heard without asking again", async () => {
    const { a, b, run } = await runningInA();
    expect(b.running.has("t2")).toBe(false);
    const told = b.seen.changes;
    run.release();
    // B waits for the run's end: told without a refresh of its own.
    await until(() => !b.running.has("t1"));
    expect(b.seen.changes).toBeGreaterThan(told);
    await until(() => !a.running.has("t1"));
  });

  it("a tab that goes away mid-run stops counting in the others (the browser lets its locks go)", async () => {
    const { tabA, b } = await runningInA();
    tabA.close();
    await until(() => !b.running.has("t1"));
  });

  it("hearing a run's end never holds what a run needs: the owner's next run goes on, and counts again", async () => {
    const { manager, b, run } = await runningInA();
    // B waits on the running lock, never on the run's own lock: another tab may still ask for it.
    expect(manager.holder("run:t1")).toBe(1);
    run.release();
    await until(() => manager.holder("run:t1") === undefined);
    // The next run of A, right away: B's wait is over and A runs (and counts) again.
    expect(await run.acquire()).toBe(true);
    await b.running.refresh();
    expect(b.running.has("t1")).toBe(true);
    run.release();
    await until(() => !b.running.has("t1"));
  });

  it("threads of another storage, and runs without Web Locks elsewhere, do not count", async () => {
    const manager = lockManager();
    const tabA = manager.tab();
    const other = watcher(manager.tab().locks, "another");
    await runOf(watcher(tabA.locks).running, tabA.locks).acquire();
    await other.running.refresh();
    expect(other.running.has("t1")).toBe(false);
    // Without Web Locks a run still starts, and only this tab's own client counts.
    const alone = new RunningThreads("s", () => {}, undefined);
    expect(await alone.ownership(new RunOwner("run:t1", undefined), "t1").acquire()).toBe(true);
    await alone.refresh();
    expect(alone.has("t1")).toBe(false);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Schedule } from "./frame.js";

/**
 * A page on a clock of its own: a frame every 16 ms (its callbacks get the frame's time, as a
 * browser's do), timers on the same clock, and `work(ms)` to make the code running now take that
 * long. `run(ms)` lets that much time pass.
 */
function page({ frames = true } = {}) {
  let clock = 0;
  let lastId = 0;
  let callbacks = new Map<number, FrameRequestCallback>();
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  vi.spyOn(performance, "now").mockImplementation(() => clock);
  if (frames) {
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => {
      callbacks.set(++lastId, callback);
      return lastId;
    });
    vi.stubGlobal("cancelAnimationFrame", (id: number) => callbacks.delete(id));
  } else vi.stubGlobal("requestAnimationFrame", undefined);
  return {
    work: (ms: number) => {
      clock += ms;
    },
    run(ms: number) {
      // A millisecond at a time: the timers due in it run, and a frame every 16 ms (none begins
      // before the work in its way is done).
      for (let t = 1; t <= ms; t++) {
        vi.advanceTimersByTime(1);
        clock = Math.max(clock, t);
        if (t % 16 !== 0) continue;
        const due = callbacks;
        callbacks = new Map();
        for (const callback of due.values()) callback(clock);
        // The frame is drawn; the tasks it queued run.
        vi.advanceTimersByTime(0);
      }
    },
    now: () => clock,
  };
}

/** A stream that asks for its next publish as soon as one is done, each costing `cost` ms: when the first `count` ran. */
function publishes(schedule: Schedule, cost: number, count: number, { frames = true } = {}): number[] {
  const { work, run, now } = page({ frames });
  const at: number[] = [];
  const next = () =>
    schedule(() => {
      if (at.length < count) at.push(now());
      work(cost);
      next();
    });
  next();
  run(2_000);
  return at;
}

const gaps = (at: number[]) => at.slice(1).map((t, i) => t - at[i]!);

describe("nextFrame", () => {
  let nextFrame: Schedule;
  beforeEach(async () => {
    // The last publish's cost is the page's: each test starts on a fresh one.
    vi.resetModules();
    ({ nextFrame } = await import("./frame.js"));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("publishes on every frame while a frame of it costs under a third of a frame", () => {
    const at = publishes(nextFrame, 4, 6);
    expect(gaps(at).every((gap) => gap <= 17)).toBe(true);
  });

  it("leaves frames free while a frame of it costs more: at most a third of the main thread", () => {
    const at = publishes(nextFrame, 10, 6);
    // 10 ms of work a publish: the next comes on the first frame 30 ms after it began.
    for (const gap of gaps(at)) {
      expect(gap).toBeGreaterThanOrEqual(29);
      expect(gap).toBeLessThanOrEqual(30 + 16);
    }
  });

  it("still publishes ten times a second on a page where a frame of it is very slow", () => {
    const at = publishes(nextFrame, 80, 4);
    for (const gap of gaps(at)) {
      expect(gap).toBeGreaterThanOrEqual(99);
      expect(gap).toBeLessThanOrEqual(100 + 16);
    }
  });

  it("publishes on every frame for a second after a key is pressed, however costly its frames", () => {
    const listeners: Record<string, (event: Event) => void> = {};
    vi.stubGlobal("addEventListener", (type: string, listener: (event: Event) => void) => {
      listeners[type] = listener;
    });
    const { work, run, now } = page();
    const at: number[] = [];
    const next = () =>
      nextFrame(() => {
        at.push(now());
        work(10);
        // A key, pressed as the third publish runs.
        if (at.length === 3) listeners.keydown!({ timeStamp: now() } as Event);
        next();
      });
    next();
    run(2_000);
    const typing = at.filter((t) => t > at[2]! && t < at[2]! + 1_000);
    expect(gaps(typing).every((gap) => gap <= 17 + 10)).toBe(true);
    // Before it and a second after it, a third of the main thread.
    expect(gaps(at.slice(0, 3)).every((gap) => gap >= 29)).toBe(true);
    expect(gaps(at.filter((t) => t > at[2]! + 1_050)).every((gap) => gap >= 29)).toBe(true);
  });

  it("publishes 50 ms later where no frame comes (a hidden tab, a server)", () => {
    const at = publishes(nextFrame, 10, 3, { frames: false });
    for (const gap of gaps(at)) {
      expect(gap).toBeGreaterThanOrEqual(50);
      expect(gap).toBeLessThanOrEqual(50 + 10);
    }
  });

  it("does not publish once cancelled", () => {
    const { run } = page();
    const callback = vi.fn();
    const cancel = nextFrame(callback);
    cancel();
    run(1_000);
    expect(callback).not.toHaveBeenCalled();
  });
});

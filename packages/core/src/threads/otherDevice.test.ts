import { describe, expect, it } from "vitest";
import type { ResumePoint } from "../storage/types.js";
import { RUN_WINDOW_MS, runOnOtherDevice } from "./otherDevice.js";

const now = 1_000_000;
const point = (fields: Partial<ResumePoint> = {}): ResumePoint => ({
  runId: "r1",
  firstEventId: "r1:0",
  lastEventId: "r1:5",
  at: now - 1_000,
  before: { state: {}, messageIds: ["u1"], changed: [] },
  ...fields,
});
const midRun = (resumePoint: ResumePoint) => ({ runningSince: ["u1"], resumePoint });

describe("runOnOtherDevice: whose run a stored thread shows going on", () => {
  it("another device's run going on is that device's: followed, never run here", () => {
    const going = point({ device: "phone" });
    expect(runOnOtherDevice(midRun(going), "laptop", now)).toBe(going);
    // This browser keeps no id: a run saved with one is not this browser's.
    expect(runOnOtherDevice(midRun(going), undefined, now)).toBe(going);
  });

  it("this device's run, or one saved by an older version (no device), is decided as before (Web Locks, reload)", () => {
    expect(runOnOtherDevice(midRun(point({ device: "laptop" })), "laptop", now)).toBeNull();
    expect(runOnOtherDevice(midRun(point()), "laptop", now)).toBeNull();
  });

  it("a run that is not going on is nobody's: not marked mid-run, no point, or its last event older than the window", () => {
    expect(runOnOtherDevice({ resumePoint: point({ device: "phone" }) }, "laptop", now)).toBeNull();
    expect(runOnOtherDevice({ runningSince: ["u1"] }, "laptop", now)).toBeNull();
    expect(runOnOtherDevice(null, "laptop", now)).toBeNull();
    const old = point({ device: "phone", at: now - RUN_WINDOW_MS - 1 });
    expect(runOnOtherDevice(midRun(old), "laptop", now)).toBeNull();
    expect(runOnOtherDevice(midRun(old), "laptop", now, RUN_WINDOW_MS + 10)).toBe(old);
  });
});

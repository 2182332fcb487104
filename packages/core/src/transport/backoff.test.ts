import { describe, expect, it } from "vitest";
import { backoffDelay } from "./backoff.js";

describe("backoffDelay", () => {
  it("doubles from the first wait and stops at the cap", () => {
    const waits = [1, 2, 3, 4, 5, 6, 7].map((attempt) => backoffDelay(attempt, { delayMs: 1_000, maxDelayMs: 30_000 }));
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it("keeps the reconnect defaults: 500 ms doubling to 8 s", () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(attempt))).toEqual([500, 1_000, 2_000, 4_000, 8_000, 8_000]);
  });

  it("takes up to the jitter's share off each wait, never more, never below zero", () => {
    const options = { delayMs: 1_000, maxDelayMs: 30_000, jitter: 0.5 };
    expect(backoffDelay(3, options, () => 0)).toBe(4_000);
    expect(backoffDelay(3, options, () => 0.999_999)).toBe(2_000);
    expect(backoffDelay(10, options, () => 0.5)).toBe(22_500);
    for (let i = 0; i < 200; i++) {
      const wait = backoffDelay(4, options);
      expect(wait).toBeGreaterThanOrEqual(4_000);
      expect(wait).toBeLessThanOrEqual(8_000);
    }
    expect(backoffDelay(1, { delayMs: 100, jitter: 7 }, () => 1)).toBe(0);
  });
});

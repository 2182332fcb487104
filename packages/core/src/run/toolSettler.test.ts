import { describe, expect, it } from "vitest";
import { ToolSettler } from "./toolSettler.js";

describe("ToolSettler", () => {
  it("hands an answer to the call waiting for it", async () => {
    const settler = new ToolSettler();
    const answer = settler.wait("c1");
    expect(settler.isWaiting("c1")).toBe(true);
    expect(settler.answer("c1", { content: "yes" })).toBe(true);
    await expect(answer).resolves.toEqual({ content: "yes" });
    expect(settler.waitingCount).toBe(0);
    expect(settler.takeSuppressed()).toBe(false);
  });

  it("keeps an answer given before the wait began", async () => {
    const settler = new ToolSettler();
    expect(settler.answer("c1", { content: "early" })).toBe(false);
    settler.keepEarly("c1", { content: "early" });
    await expect(settler.wait("c1")).resolves.toEqual({ content: "early" });
  });

  it("closes every open question at once, and says no follow-up run should ask about them", async () => {
    const settler = new ToolSettler();
    const a = settler.wait("a");
    const b = settler.wait("b");
    settler.keepEarly("c", { content: "stale" });
    settler.cancelAll({ content: "Error: cancelled", error: "cancelled" });
    await expect(Promise.all([a, b])).resolves.toEqual([
      { content: "Error: cancelled", error: "cancelled" },
      { content: "Error: cancelled", error: "cancelled" },
    ]);
    expect(settler.takeSuppressed()).toBe(true);
    expect(settler.takeSuppressed()).toBe(false);
    // The early answer went with them.
    let settled = false;
    void settler.wait("c").then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
  });

  it("stops waiting for a call whose arguments were refused", () => {
    const settler = new ToolSettler();
    void settler.wait("c1");
    settler.release("c1");
    expect(settler.answer("c1", { content: "late" })).toBe(false);
  });
});

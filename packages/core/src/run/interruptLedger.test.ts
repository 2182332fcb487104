import { describe, expect, it } from "vitest";
import { InterruptLedger } from "./interruptLedger.js";

const open = [
  { id: "i1", reason: "approve" },
  { id: "i2", reason: "pick" },
];

describe("InterruptLedger", () => {
  it("sends the answers together once every interrupt is answered", () => {
    const ledger = new InterruptLedger();
    const first = ledger.answer({ interruptId: "i1", status: "resolved", payload: 1 }, open);
    expect(first).toEqual({ remaining: [open[1]], resume: null });
    const second = ledger.answer({ interruptId: "i2", status: "cancelled" }, first.remaining);
    expect(second).toEqual({
      remaining: [],
      resume: [
        { interruptId: "i1", status: "resolved", payload: 1 },
        { interruptId: "i2", status: "cancelled" },
      ],
    });
  });

  it("tells the next run that abandoned interrupts were cancelled, once", () => {
    const ledger = new InterruptLedger();
    ledger.abandon(open);
    expect(ledger.takeResume([{ interruptId: "i2", status: "resolved", payload: "x" }])).toEqual([
      { interruptId: "i1", status: "cancelled" },
      { interruptId: "i2", status: "resolved", payload: "x" },
    ]);
    expect(ledger.takeResume()).toEqual([]);
  });
});

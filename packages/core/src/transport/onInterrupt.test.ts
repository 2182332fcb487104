import type { BaseEvent } from "@ag-ui/core";
import { describe, expect, it, vi } from "vitest";
import { interruptFromOnInterrupt, onInterruptOutcome } from "./onInterrupt.js";

// How a run's events from @ag-ui/langgraph are read; the whole path, against replayed frames
// of the real adapter, is in ../run/commandResume.test.ts.

describe("an on_interrupt value", () => {
  it("that is text is the question; without LangGraph's interrupt beside it, the interrupt gets an id of its own", () => {
    const interrupt = interruptFromOnInterrupt({ value: "Proceed?" });
    expect(interrupt).toMatchObject({ reason: "langgraph:interrupt", message: "Proceed?", metadata: { langgraph: { raw: "Proceed?" } } });
    expect(interrupt.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("that looks like JSON but does not parse is shown as text, with a clear warning, and kept", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const interrupt = interruptFromOnInterrupt({ value: '{"message": "Proceed?"', rawEvent: { id: "i1" } });
    expect(interrupt).toMatchObject({
      id: "i1",
      message: '{"message": "Proceed?"',
      metadata: { langgraph: { raw: '{"message": "Proceed?"' } },
    });
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^\[tandem\] on_interrupt: the value looks like JSON but does not parse/));
    warn.mockRestore();
  });

  it("whose responseSchema is not a schema gets a free-text answer and a warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const interrupt = interruptFromOnInterrupt({ value: JSON.stringify({ message: "Pick", responseSchema: "seat" }) });
    expect(interrupt.responseSchema).toBeUndefined();
    expect(interrupt.message).toBe("Pick");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("responseSchema is not a JSON Schema object"));
    warn.mockRestore();
  });

  it("that is a JSON Schema is the form; any other object is shown as its JSON", () => {
    const schema = { type: "object", properties: { ok: { type: "boolean" } } };
    expect(interruptFromOnInterrupt({ value: JSON.stringify(schema) }).responseSchema).toEqual(schema);
    expect(interruptFromOnInterrupt({ value: JSON.stringify({ question: "Ship it?" }) }).message).toBe("Ship it?");
    expect(interruptFromOnInterrupt({ value: JSON.stringify({ order: 7 }) }).message).toBe('{"order":7}');
  });
});

describe("a run's outcome", () => {
  const custom = (id: string, value: string) => ({ type: "CUSTOM", name: "on_interrupt", value, rawEvent: { id, value } }) as BaseEvent;
  const finished = { type: "RUN_FINISHED", threadId: "t", runId: "r" } as BaseEvent;

  it("a RUN_FINISHED that has its own outcome is left as it is", () => {
    const outcome = onInterruptOutcome();
    outcome(custom("i1", "Proceed?"));
    const withOutcome = { ...finished, outcome: { type: "interrupt", interrupts: [{ id: "i1", reason: "x" }] } } as BaseEvent;
    expect(outcome(withOutcome)).toBe(withOutcome);
    // Nothing is carried into the next run.
    expect(outcome(finished)).toBe(finished);
  });
});

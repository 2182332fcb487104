import { type BaseEvent, EventType } from "@ag-ui/core";
import { Observable, of, throwError } from "rxjs";
import { describe, expect, it } from "vitest";
import { readRun } from "./readRun.js";

const ev = (type: EventType) => ({ type, threadId: "t", runId: "r" }) as BaseEvent;
const read = (events$: Observable<BaseEvent>, signal = new AbortController().signal) => {
  const seen: string[] = [];
  return readRun(Promise.resolve(events$), signal, (e) => seen.push(e.type)).then(() => seen);
};

describe("readRun", () => {
  it("hands every event on and resolves when the run finished", async () => {
    await expect(read(of(ev(EventType.RUN_STARTED), ev(EventType.RUN_FINISHED)))).resolves.toEqual(["RUN_STARTED", "RUN_FINISHED"]);
  });

  it("an empty stream fails as truncated, naming the likely cause", async () => {
    await expect(read(of())).rejects.toMatchObject({ error: { kind: "truncated", message: expect.stringMatching(/empty stream/) } });
  });

  it("a stream that ends without RUN_FINISHED or RUN_ERROR fails as cut off", async () => {
    await expect(read(of(ev(EventType.RUN_STARTED)))).rejects.toMatchObject({
      error: { kind: "truncated", message: expect.stringMatching(/closed before/) },
    });
  });

  it("a stream cut in a later run fails as cut off, whatever the runs before it finished (AG-UI 1.x: no RUN_FINISHED is made up)", async () => {
    const runs = of(ev(EventType.RUN_STARTED), ev(EventType.RUN_FINISHED), ev(EventType.RUN_STARTED), ev(EventType.TEXT_MESSAGE_START));
    await expect(read(runs)).rejects.toMatchObject({ error: { kind: "truncated", message: expect.stringMatching(/closed before/) } });
  });

  it("a RUN_ERROR ends the run without a failure of its own (the reducer reports it)", async () => {
    await expect(read(of(ev(EventType.RUN_STARTED), ev(EventType.RUN_ERROR)))).resolves.toHaveLength(2);
  });

  it("an abort ends reading quietly, however the stream goes on", async () => {
    const controller = new AbortController();
    const endless = new Observable<BaseEvent>((s) => s.next(ev(EventType.RUN_STARTED)));
    const reading = read(endless, controller.signal);
    await Promise.resolve();
    controller.abort();
    await expect(reading).resolves.toEqual(["RUN_STARTED"]);
  });

  it("a stream error is the run's failure", async () => {
    await expect(read(throwError(() => new Error("socket hang up")))).rejects.toThrow("socket hang up");
  });
});

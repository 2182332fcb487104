/**
 * The client's event log (`eventLog` option): what keeping an event costs, on the path every
 * event takes to the listeners. Not a test: prints figures, median of 5 rounds of 1,000,000 events.
 *
 *   npx tsx packages/core/bench/eventLog.bench.ts
 */
import type { BaseEvent } from "@ag-ui/core";
import { EventLog } from "../src/recording/eventLog.js";

const N = 1_000_000;
const event = { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "x " } as BaseEvent;

function round(size: number, listening: boolean): number {
  let emit: (event: BaseEvent) => void = () => {};
  const source = {
    onRun: () => () => {},
    onEvent(listener: (event: BaseEvent) => void) {
      emit = listener;
      return () => {};
    },
  };
  const log = new EventLog(source, size);
  if (listening) log.subscribe(() => {});
  const start = performance.now();
  for (let i = 0; i < N; i++) emit(event);
  return ((performance.now() - start) / N) * 1e6;
}

for (const [label, size, listening] of [
  ["off (size 0, nobody listening)", 0, false],
  ["default (20,000 kept)", 20_000, false],
  ["default, a recorder listening", 20_000, true],
] as const) {
  const ns = Array.from({ length: 5 }, () => round(size, listening)).sort((a, b) => a - b);
  console.log(`${label}: ${ns[2]!.toFixed(0)} ns per event (rounds: ${ns.map((x) => x.toFixed(0)).join(", ")})`);
}

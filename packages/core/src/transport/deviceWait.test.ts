import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeNetwork, fakeNetwork } from "../test/fakeNetwork.js";
import { type IdentifiedEvent, reconnectingEvents } from "./reconnect.js";
import type { ReconnectOptions } from "./types.js";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const input = { threadId: "t", runId: "r", messages: [], tools: [], context: [], state: {}, forwardedProps: {} } as RunAgentInput;
const WORDS = ["one ", "two ", "three ", "four ", "five ", "six"];

/** The run's frames, numbered from 1: RUN_STARTED, the words, RUN_FINISHED. */
const FRAMES: IdentifiedEvent[] = [
  { type: "RUN_STARTED", threadId: "t", runId: "r" },
  { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" },
  ...WORDS.map((delta) => ({ type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta })),
  { type: "TEXT_MESSAGE_END", messageId: "m" },
  { type: "RUN_FINISHED", threadId: "t", runId: "r" },
].map((event, i) => ({ id: String(i + 1), event: event as BaseEvent }));

/** The frames, then (`drop`) the connection failing as fetch reports it. */
async function* frames(list: IdentifiedEvent[], drop: boolean): AsyncGenerator<IdentifiedEvent> {
  yield* list;
  if (drop) throw new TypeError("fetch failed");
}

/**
 * Reads the run over a connection that drops after "two" (event 4); every later request reads on
 * after the id it asks with. `opened` lists each request's Last-Event-ID (null: the run's own).
 */
function read(network: FakeNetwork, options: ReconnectOptions, signal = new AbortController().signal) {
  const opened: Array<string | null> = [];
  const reconnecting: boolean[] = [];
  const open = async (lastEventId: string | null) => {
    opened.push(lastEventId);
    return opened.length === 1 ? frames(FRAMES.slice(0, 4), true) : frames(FRAMES.slice(Number(lastEventId)), false);
  };
  const hooks = { network, onReconnecting: (now: boolean) => reconnecting.push(now) };
  const done = (async () => {
    const events: BaseEvent[] = [];
    for await (const event of reconnectingEvents(open, input, signal, hooks, options)) events.push(event);
    return events;
  })();
  return { opened, reconnecting, done };
}

const text = (events: BaseEvent[]) => events.map((e) => (e as { delta?: string }).delta ?? "").join("");

const hide = (n: FakeNetwork) => n.show(false);
const show = (n: FakeNetwork) => n.show(true);
const offline = (n: FakeNetwork) => n.set(false);
const online = (n: FakeNetwork) => n.set(true);
const FEW: ReconnectOptions = { tries: 2, delayMs: 100, maxDelayMs: 100, totalMs: 1_000 };

describe("reconnecting a dropped stream: the device and the page", () => {
  it.each([
    ["hidden", hide, show],
    ["offline", offline, online],
  ])("while the page is %s, a drop spends no try, however long; the first goes at once when that is over", async (_, away, back) => {
    const network = fakeNetwork();
    away(network);
    const { opened, reconnecting, done } = read(network, FEW);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(opened).toEqual([null]);
    expect(reconnecting).toEqual([true]);
    back(network);
    await vi.advanceTimersByTimeAsync(0);
    expect(opened).toEqual([null, "4"]);
    expect(text(await done)).toBe(WORDS.join(""));
    expect(reconnecting).toEqual([true, false]);
    expect(network.listening).toEqual({ online: 0, visible: 0 });
  });

  it("offline and hidden: back online alone spends no try while the page stays hidden", async () => {
    const network = fakeNetwork(false, false);
    const { opened, done } = read(network, FEW);
    await vi.advanceTimersByTimeAsync(60_000);
    online(network);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(opened).toEqual([null]);
    show(network);
    await vi.advanceTimersByTimeAsync(0);
    expect(opened).toEqual([null, "4"]);
    expect(text(await done)).toBe(WORDS.join(""));
  });

  it("hidden during a backoff wait: the wait's end spends no try; the page shown again tries at once", async () => {
    const network = fakeNetwork();
    const { opened, done } = read(network, FEW);
    await vi.advanceTimersByTimeAsync(50);
    hide(network);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(opened).toEqual([null]);
    show(network);
    await vi.advanceTimersByTimeAsync(0);
    expect(opened).toEqual([null, "4"]);
    expect(text(await done)).toBe(WORDS.join(""));
  });

  it.each([
    ["the device comes back online", offline, online],
    ["the page becomes visible again", hide, show],
  ])("a backoff wait ends at once when %s", async (_, away, back) => {
    const network = fakeNetwork();
    const { opened, done } = read(network, { delayMs: 60_000, maxDelayMs: 60_000, totalMs: 600_000 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(opened).toEqual([null]);
    away(network);
    back(network);
    await vi.advanceTimersByTimeAsync(0);
    expect(opened).toEqual([null, "4"]);
    expect(text(await done)).toBe(WORDS.join(""));
  });

  it("a wait for the device still ends at once when the run is stopped: no error, no try, nothing left listening", async () => {
    const network = fakeNetwork(false);
    const controller = new AbortController();
    const { opened, done } = read(network, FEW, controller.signal);
    await vi.advanceTimersByTimeAsync(60_000);
    controller.abort();
    expect(text(await done)).toBe("one two ");
    online(network);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(opened).toEqual([null]);
    expect(network.listening).toEqual({ online: 0, visible: 0 });
  });

  it("online and visible throughout, it gives up after its tries as before", async () => {
    const network = fakeNetwork();
    const opened: Array<string | null> = [];
    const open = async (lastEventId: string | null) => {
      opened.push(lastEventId);
      return frames(opened.length === 1 ? FRAMES.slice(0, 4) : [], true);
    };
    const events = reconnectingEvents(open, input, new AbortController().signal, { network }, FEW);
    const done = (async () => {
      for await (const _ of events);
    })();
    const failed = expect(done).rejects.toThrow(/reconnecting did not work/);
    await vi.advanceTimersByTimeAsync(1_000);
    await failed;
    expect(opened).toEqual([null, "4", "4"]);
    expect(network.listening).toEqual({ online: 0, visible: 0 });
  });
});

import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { memoryStorage } from "../storage/memoryStorage.js";
import { persistThread } from "../storage/persistThread.js";
import { sync, until } from "../test/scripts.js";
import { loadPipeline } from "../transport/index.js";
import { type IdentifiedEvent, reconnectingEvents } from "../transport/reconnect.js";
import type { Transport } from "../transport/types.js";
import { AgentClient } from "./agentClient.js";
import { asOfRunStart } from "./exactResume.js";

/** One change to the list: an append, or a remove by index (of an item that is there). */
type Op = { add: number } | { remove: number };

/** The list the server means: each op applied once. */
function applied(ops: Op[]): number[] {
  const items: number[] = [];
  for (const op of ops) {
    if ("add" in op) items.push(op.add);
    else items.splice(op.remove, 1);
  }
  return items;
}

/** The run's events, ids from 1: each op a STATE_DELTA followed by one word of the reply. */
function frames(input: RunAgentInput, ops: Op[]): IdentifiedEvent[] {
  const events: BaseEvent[] = [
    { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId } as BaseEvent,
    { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" } as BaseEvent,
    ...ops.flatMap((op) => [
      {
        type: "STATE_DELTA",
        delta: "add" in op ? [{ op: "add", path: "/items/-", value: op.add }] : [{ op: "remove", path: `/items/${op.remove}` }],
      } as BaseEvent,
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "w" } as BaseEvent,
    ]),
    { type: "TEXT_MESSAGE_END", messageId: "m" } as BaseEvent,
    { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId } as BaseEvent,
  ];
  return events.map((event, i) => ({ event, id: String(i + 1) }));
}

/**
 * A server that resumes streams (`Last-Event-ID`): the first request is answered up to `holdAfter`
 * ops and then held open (the page goes away there); a resume reads on after the id it names.
 */
function resumingServer(ops: Op[], holdAfter: number) {
  const resumedAfter: Array<string | null> = [];
  const transport: Transport = {
    resumable: true,
    run: (input, signal, hooks) =>
      reconnectingEvents(
        async (lastEventId, signal) => {
          const all = frames(input, ops);
          if (lastEventId === null) {
            return (async function* () {
              yield* all.slice(0, 2 + 2 * holdAfter);
              await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
            })();
          }
          resumedAfter.push(lastEventId);
          return (async function* () {
            yield* all.slice(Number(lastEventId));
          })();
        },
        input,
        signal,
        hooks,
        { delayMs: 5, maxDelayMs: 5 },
      ),
  };
  return { transport, resumedAfter };
}

const replyOf = (client: AgentClient) => String(client.state.messages.find((m) => m.id === "m")?.content ?? "");
const itemsOf = (client: AgentClient) => (client.state.state as { items: number[] }).items;

/** A run of `ops` over `{items: []}` saved after `cut` of them, the page reloaded, the run read on: the client at the end. */
async function reloadedAfter(ops: Op[], cut: number) {
  const storage = memoryStorage();
  const first = resumingServer(ops, cut);
  const before = new AgentClient({ transport: first.transport, threadId: "t", schedule: sync, initialState: { items: [] } });
  const persistence = persistThread(before, storage, { debounceMs: 60_000 });
  void before.sendMessage("go");
  await until(() => replyOf(before).length === cut);
  await persistence.flush();
  persistence.discard();
  before.dispose();
  const stored = await storage.load("t");

  const second = resumingServer(ops, ops.length);
  const after = new AgentClient({ transport: second.transport, threadId: "t", schedule: sync });
  await after.transport;
  after.restore(stored!);
  await until(() => after.state.status !== "running" && after.state.messages.length === 2);
  return { after, stored, resumedAfter: second.resumedAfter };
}

describe("exact resume: a run cut by a reload and read on applies each event once", () => {
  // The validation pipeline is a chunk of its own: loaded once here, not inside the first run's wait.
  beforeAll(() => loadPipeline(), 60_000);

  it("12 appends and a remove by index, reloaded after the 6th: the list the server meant, the reply once", async () => {
    const ops: Op[] = [...Array.from({ length: 12 }, (_, i) => ({ add: i })), { remove: 3 }];
    const { after, stored, resumedAfter } = await reloadedAfter(ops, 6);
    expect(itemsOf({ state: { state: stored!.state } } as AgentClient)).toHaveLength(6);
    expect(resumedAfter).toEqual(["1"]);
    expect(after.state.error).toBeNull();
    expect(itemsOf(after)).toEqual(applied(ops));
    expect(itemsOf(after)).toEqual([0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(replyOf(after)).toBe("w".repeat(ops.length));
  });

  it("any appends and removes by index, cut anywhere: the state ends as each delta applied once", async () => {
    // Ops whose removes name an index that exists at that point, and a cut among them.
    const opsAndCut = fc
      .array(fc.tuple(fc.boolean(), fc.nat(1000)), { minLength: 1, maxLength: 16 })
      .map((raw) => {
        let length = 0;
        return raw.map(([add, n]): Op => {
          if (add || length === 0) {
            length++;
            return { add: n };
          }
          length--;
          return { remove: n % (length + 1) };
        });
      })
      .chain((ops) => fc.tuple(fc.constant(ops), fc.integer({ min: 1, max: ops.length })));
    await fc.assert(
      fc.asyncProperty(opsAndCut, async ([ops, cut]) => {
        const { after } = await reloadedAfter(ops, cut);
        expect(after.state.error).toBeNull();
        expect(itemsOf(after)).toEqual(applied(ops));
        expect(replyOf(after)).toBe("w".repeat(ops.length));
      }),
      { numRuns: 40, seed: 34 },
    );
  }, 60_000);
});

describe("asOfRunStart", () => {
  it("puts back the state and the messages the run found, those it changed as they were, without its own", () => {
    const activityThen = { id: "act", role: "activity", activityType: "plan", content: { steps: 1 } } as never;
    const activityNow = { id: "act", role: "activity", activityType: "plan", content: { steps: 2 } } as never;
    const thread = asOfRunStart(
      {
        messages: [{ id: "u", role: "user", content: "hi" }, activityNow, { id: "m", role: "assistant", content: "partial" }],
        state: { items: [1, 2, 3] },
        interrupts: [],
        toolCallStatus: {},
        runningSince: ["u", "act"],
      },
      { state: { items: [1] }, messageIds: ["u", "act"], changed: [activityThen] },
    );
    expect(thread.messages).toEqual([{ id: "u", role: "user", content: "hi" }, activityThen]);
    expect(thread.state).toEqual({ items: [1] });
    expect(thread.runningSince).toBeUndefined();
  });
});

import { type BaseEvent, EventType, type Message, type RunAgentInput } from "@ag-ui/core";
import { lastValueFrom, toArray } from "rxjs";
import { describe, expect, it } from "vitest";
import { OWNED_ACTIVITY_TYPES } from "../reducer/snapshot.js";
import { pipeline } from "./pipeline.js";
import type { Transport } from "./types.js";

const input: RunAgentInput = { threadId: "t", runId: "r", state: {}, messages: [], tools: [], context: [], forwardedProps: {} };

function transportOf(events: BaseEvent[]): Transport {
  return {
    async *run() {
      yield* events;
    },
  };
}

describe("the validation pipeline", () => {
  it("puts on a messages snapshot the activity types its metadata says it owns, out of JSON's sight", async () => {
    const snapshot = {
      type: EventType.MESSAGES_SNAPSHOT,
      messages: [],
      metadata: { "@ag-ui/client": { authoritativeActivityTypes: ["plan"] } },
    } as BaseEvent;
    const events = await lastValueFrom(
      pipeline(
        transportOf([
          { type: EventType.RUN_STARTED, threadId: "t", runId: "r" } as BaseEvent,
          snapshot,
          { type: EventType.RUN_FINISHED, threadId: "t", runId: "r" } as BaseEvent,
        ]),
        input,
        new AbortController().signal,
      ).pipe(toArray()),
    );
    const read = events.find((e) => e.type === EventType.MESSAGES_SNAPSHOT) as BaseEvent & { [OWNED_ACTIVITY_TYPES]?: unknown };
    expect(read[OWNED_ACTIVITY_TYPES]).toEqual(["plan"]);
    // A symbol key: listeners that list or serialize the event see the fields the agent sent.
    expect(Object.keys(read).sort()).toEqual(Object.keys(snapshot).sort());
  });

  describe("refuses a continuation whose subagent tag disagrees with its opener (AG-UI 1.x, Subagents: Ownership)", () => {
    const history: Message[] = [
      { id: "u1", role: "user", content: "research tides" },
      { id: "m1", role: "assistant", content: "Tides rise", subagentRunId: "s1" },
      { id: "m2", role: "assistant", content: "I asked the researcher.", subagentRunId: null } as unknown as Message,
    ];
    const started = (runId = "r") => ({ type: EventType.RUN_STARTED, threadId: "t", runId }) as BaseEvent;
    const finished = (runId = "r") => ({ type: EventType.RUN_FINISHED, threadId: "t", runId }) as BaseEvent;
    const text = (messageId: string, delta: string, subagentRunId?: string) =>
      [
        { type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" },
        { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta },
        { type: EventType.TEXT_MESSAGE_END, messageId },
      ].map((e) => (subagentRunId === undefined ? e : { ...e, subagentRunId })) as BaseEvent[];
    const read = (events: BaseEvent[]) =>
      lastValueFrom(pipeline(transportOf(events), { ...input, messages: history }, new AbortController().signal).pipe(toArray()));
    const DISAGREES = /subagentRunId 's2' does not match the message 'm1' opener's subagent 's1'/;

    it.each([
      [
        "within the run",
        [
          started(),
          { type: EventType.TEXT_MESSAGE_START, messageId: "m3", role: "assistant", subagentRunId: "s1" },
          { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m3", delta: "x", subagentRunId: "s2" },
        ] as BaseEvent[],
        /subagentRunId 's2' does not match the message 'm3'/,
      ],
      ["reopening a message of the thread's history", [started(), ...text("m1", " and fall", "s2"), finished()], DISAGREES],
      ["reopening a message of the history's parent agent", [started(), ...text("m2", "mine now", "s2"), finished()], /message 'm2'/],
      [
        "reopening a message an earlier run on the same stream opened",
        [started("r0"), ...text("m9", "first", "s1"), finished("r0"), started(), ...text("m9", "second", "s2"), finished()],
        /subagentRunId 's2' does not match the message 'm9'/,
      ],
      [
        "a tool call on a history message owned by someone else",
        [
          started(),
          { type: EventType.TOOL_CALL_START, toolCallId: "c1", toolCallName: "search", parentMessageId: "m1", subagentRunId: "s2" },
        ],
        /does not match its parent message 'm1'/,
      ],
    ])("%s", async (_, events, refusal) => {
      await expect(read(events)).rejects.toThrow(refusal);
    });

    it("takes untagged and agreeing continuations of the history, and a snapshot's new owners; each RUN_STARTED comes out as sent", async () => {
      const snapshot = { type: EventType.MESSAGES_SNAPSHOT, messages: [{ ...history[1]!, subagentRunId: "s2" }] } as BaseEvent;
      const events = [
        started(),
        ...text("m1", " and fall"),
        ...text("m1", " twice a day", "s1"),
        snapshot,
        finished(),
        started("r2"),
        ...text("m1", " (by s2 now)", "s2"),
        finished("r2"),
      ];
      const out = await read(events);
      expect(out.filter((e) => e.type === EventType.RUN_STARTED)).toEqual([started(), started("r2")]);
      expect(out).toHaveLength(events.length);
    });
  });
});

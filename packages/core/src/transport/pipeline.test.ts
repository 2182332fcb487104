import { type BaseEvent, EventType, type RunAgentInput } from "@ag-ui/core";
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
});

import { type BaseEvent, EventType, type Message } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import { createThreadState, reduceEvent } from "./reduceEvents.js";
import { type MessagesSnapshot, OWNED_ACTIVITY_TYPES } from "./snapshot.js";

const plan: Message = { id: "p", role: "activity", activityType: "plan", content: {} } as Message;
const search: Message = { id: "s", role: "activity", activityType: "search", content: {} } as Message;
const user: Message = { id: "u", role: "user", content: "hi" };

function snapshot(owned?: string[] | null): BaseEvent {
  const event: MessagesSnapshot = { type: EventType.MESSAGES_SNAPSHOT, messages: [user] };
  return (owned === undefined ? event : { ...event, [OWNED_ACTIVITY_TYPES]: owned }) as BaseEvent;
}

const idsAfter = (event: BaseEvent) =>
  reduceEvent(createThreadState({ threadId: "t", messages: [user, plan, search] }), event).messages.map((m) => m.id);

describe("a messages snapshot and the client's activity messages", () => {
  it("that owns some activity types removes those and keeps the rest", () => {
    expect(idsAfter(snapshot(["plan"]))).toEqual(["u", "s"]);
  });

  it("that owns every activity type removes them all", () => {
    expect(idsAfter(snapshot(null))).toEqual(["u"]);
  });

  it("that says nothing, and brings no activity, keeps them (the legacy inference)", () => {
    expect(idsAfter(snapshot())).toEqual(["u", "p", "s"]);
  });
});

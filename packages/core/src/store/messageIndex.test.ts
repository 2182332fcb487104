import { type BaseEvent, EventType, type Message } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import { createThreadState } from "../reducer/reduceEvents.js";
import { sync } from "../test/scripts.js";
import { createThreadStore } from "./createThreadStore.js";
import { MessageIndex } from "./messageIndex.js";

const history = Array.from({ length: 100 }, (_, i) => ({ id: `h${i}`, role: "user" as const, content: `${i}` }));

function setup() {
  const store = createThreadStore(createThreadState({ threadId: "t", messages: history }), sync);
  return { store, index: new MessageIndex(store) };
}

describe("MessageIndex", () => {
  it("wakes only the listener of the message a token lands in", () => {
    const { store, index } = setup();
    const calls = new Map<string, number>();
    for (const m of history) index.subscribe(m.id, () => calls.set(m.id, (calls.get(m.id) ?? 0) + 1));
    let live = 0;
    store.dispatch({ type: EventType.TEXT_MESSAGE_START, messageId: "live", role: "assistant" } as BaseEvent);
    index.subscribe("live", () => live++);
    for (let i = 0; i < 10; i++) store.dispatch({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: "live", delta: "x" } as BaseEvent);
    expect(live).toBe(10);
    expect(calls.size).toBe(0);
    expect(index.get("live")).toMatchObject({ content: "xxxxxxxxxx" });
  });

  it("keeps the id list's identity until a message is added or removed", () => {
    const { store, index } = setup();
    let idCalls = 0;
    index.subscribeIds(() => idCalls++);
    const before = index.ids;
    store.dispatch({ type: EventType.TEXT_MESSAGE_START, messageId: "live", role: "assistant" } as BaseEvent);
    const added = index.ids;
    expect(added).not.toBe(before);
    expect(added.at(-1)).toBe("live");
    store.dispatch({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: "live", delta: "x" } as BaseEvent);
    expect(index.ids).toBe(added);
    expect(idCalls).toBe(1);
    store.update((s) => ({ ...s, messages: s.messages.slice(1) }));
    expect(index.ids[0]).toBe("h1");
    expect(idCalls).toBe(2);
  });

  it("announces a change even when a read saw it before the store's notification", () => {
    const { store, index } = setup();
    let calls = 0;
    index.subscribe("h5", () => calls++);
    store.subscribe(() => index.get("h5"));
    const second = index.subscribe("h6", () => {});
    second();
    store.update((s) => ({ ...s, messages: s.messages.map((m) => (m.id === "h5" ? ({ ...m, content: "edited" } as Message) : m)) }));
    expect(calls).toBe(1);
  });
});

import { act, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import "../test/harness.js";

// The ui project's setup loads every part before each file (test/warmParts.ts): these tests start
// from a fresh copy of the kit instead, as an app's test does, with nothing loaded yet.
async function coldKit() {
  vi.resetModules();
  const [ui, react, core] = await Promise.all([import("../index.js"), import("@tandem/react"), import("@tandem/core")]);
  const client = new core.AgentClient({
    url: "http://127.0.0.1:9/unused",
    threadId: "t",
    schedule: (cb) => {
      cb();
      return () => {};
    },
  });
  const dispatch = (...events: object[]) =>
    act(() => {
      for (const event of events) client.store.dispatch(event as never);
    });
  function AskingTool() {
    react.useFrontendTool({ name: "delete_file", description: "Deletes a file" });
    return null;
  }
  const show = (children: ReactNode) =>
    render(
      <react.AgentProvider client={client}>
        <AskingTool />
        {children}
      </react.AgentProvider>,
    );
  return { ui, client, dispatch, show };
}

/** A reply in Markdown that calls a tool waiting for a person, after a user message. */
const reply = [
  { type: "RUN_STARTED", threadId: "t", runId: "r" },
  { type: "TEXT_MESSAGE_START", messageId: "a", role: "assistant" },
  { type: "TEXT_MESSAGE_CONTENT", messageId: "a", delta: "Deleting **notes.txt** now." },
  { type: "TEXT_MESSAGE_END", messageId: "a" },
  { type: "TOOL_CALL_START", toolCallId: "c1", toolCallName: "delete_file", parentMessageId: "a" },
  { type: "TOOL_CALL_ARGS", toolCallId: "c1", delta: '{"path":"notes.txt"}' },
  { type: "TOOL_CALL_END", toolCallId: "c1" },
];

describe("preloadChat", () => {
  it("after it resolves, <Chat> draws the reply's Markdown, the tool call, its confirmation and the editor in the render that asks", async () => {
    const { ui, client, dispatch, show } = await coldKit();
    await ui.preloadChat();
    act(() => {
      client.store.update((s) => ({ ...s, messages: [{ id: "u", role: "user", content: "Delete my notes" }] }));
    });
    show(<ui.Chat />);
    dispatch(...reply);
    // The call waits for a person (what the run loop does when the run ends).
    act(() => {
      client.store.update((s) => ({ ...s, status: "awaiting-input", toolCallStatus: { c1: "awaiting-input" } }));
    });

    // No findBy, no waitFor: each is there in the same render.
    expect(screen.getByText("notes.txt", { selector: "strong" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Tool call: delete_file" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Approve" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Edit" }));
    expect(screen.getByRole("textbox", { name: "Edit message" })).toBeTruthy();
  });

  it("without it, the same renders show none of them yet (they load on first use)", async () => {
    const { ui, dispatch, show } = await coldKit();
    show(<ui.Chat />);
    dispatch(...reply);
    expect(screen.queryByText("notes.txt", { selector: "strong" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
  });
});

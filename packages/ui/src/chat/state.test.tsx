import { useHumanInTheLoop } from "@tandem/react";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import {
  awaitInput,
  createClient,
  dispatch,
  renderWith,
  runError,
  runFinished,
  runStarted,
  say,
  textDelta,
  textStart,
  toolCall,
  toolResult,
} from "../test/harness.js";
import { Chat } from "./Chat.js";

const row = (id: string) => document.querySelector<HTMLElement>(`[data-testid="message"][data-message-id="${id}"]`)!;

function Tools() {
  useHumanInTheLoop({ name: "delete_file" });
  return null;
}

describe("state attributes", () => {
  it("gives the chat root data-state for the thread's status, beside data-running", () => {
    const client = createClient();
    vi.spyOn(client, "respond").mockImplementation(() => {});
    renderWith(
      client,
      <>
        <Tools />
        <Chat />
      </>,
    );
    const root = screen.getByTestId("tandem-chat");
    const composer = root.querySelector<HTMLElement>("form")!;
    expect([root.dataset.state, root.dataset.running, composer.dataset.state]).toEqual(["idle", "false", "idle"]);
    dispatch(client, runStarted());
    expect([root.dataset.state, root.dataset.running, composer.dataset.state]).toEqual(["running", "true", "running"]);
    dispatch(client, toolCall("c1", "delete_file", {}, "a"), runFinished());
    awaitInput(client, "c1");
    expect([root.dataset.state, root.dataset.running]).toEqual(["awaiting-input", "false"]);
    dispatch(client, runStarted("r2"), runError("boom"));
    expect([root.dataset.state, root.dataset.running]).toEqual(["error", "false"]);
  });

  it("marks the row being written data-state=streaming with data-streaming and aria-busy, and drops both booleans once complete", () => {
    const client = createClient();
    renderWith(client, <Chat />);
    dispatch(
      client,
      runStarted(),
      { type: "REASONING_MESSAGE_START", messageId: "r1", role: "reasoning" },
      { type: "REASONING_MESSAGE_CONTENT", messageId: "r1", delta: "hmm" },
    );
    const reasoning = row("r1").querySelector("details")!;
    expect([reasoning.dataset.state, reasoning.getAttribute("data-streaming")]).toEqual(["streaming", ""]);
    dispatch(client, { type: "REASONING_MESSAGE_END", messageId: "r1" }, textStart("a1"), textDelta("a1", "Hel"));
    expect([row("a1").dataset.state, row("a1").getAttribute("data-streaming"), row("a1").getAttribute("aria-busy")]).toEqual([
      "streaming",
      "",
      "true",
    ]);
    expect([row("r1").dataset.state, row("r1").hasAttribute("data-streaming"), reasoning.hasAttribute("data-streaming")]).toEqual([
      "complete",
      false,
      false,
    ]);
    dispatch(client, textDelta("a1", "lo"), { type: "TEXT_MESSAGE_END", messageId: "a1" }, runFinished());
    expect(row("a1").dataset.state).toBe("complete");
    expect(row("a1").hasAttribute("data-streaming")).toBe(false);
    expect(row("a1").hasAttribute("aria-busy")).toBe(false);
  });

  it("mirrors a tool call's status in data-state, and its card's disclosure as open or closed", () => {
    const client = createClient();
    renderWith(client, <Chat />);
    dispatch(client, runStarted(), say("a", "Looking."), toolCall("c1", "search", { q: 1 }, "a"));
    const group = screen.getByRole("group", { name: "Tool call: search" });
    const card = group.querySelector<HTMLElement>(".tandem-tool-card")!;
    const toggle = within(group).getByRole("button", { name: /search/ });
    expect([group.dataset.state, group.dataset.status, card.dataset.state, toggle.dataset.state]).toEqual([
      "executing",
      "executing",
      "open",
      "open",
    ]);
    dispatch(client, toolResult("c1", { hits: 1 }));
    expect([group.dataset.state, group.dataset.status, card.dataset.state, toggle.dataset.state]).toEqual([
      "complete",
      "complete",
      "closed",
      "closed",
    ]);
    fireEvent.click(toggle);
    expect(card.dataset.state).toBe("open");
  });

  it("says how far a progress bar is with data-state and data-value", () => {
    const client = createClient();
    renderWith(client, <Chat />);
    const progress = (value: number) => ({
      type: "ACTIVITY_SNAPSHOT",
      messageId: "p",
      activityType: "tool-call-progress",
      content: { progress: value },
    });
    dispatch(client, runStarted(), progress(0.25));
    const bar = screen.getByRole("progressbar");
    expect([bar.dataset.state, bar.dataset.value]).toEqual(["loading", "25"]);
    dispatch(client, progress(1));
    expect([bar.dataset.state, bar.dataset.value]).toEqual(["complete", "100"]);
  });
});

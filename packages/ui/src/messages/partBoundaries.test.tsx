import { useToolRenderer } from "@tandem/react";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Chat } from "../chat/Chat.js";
import { createClient, dispatch, renderWith, runStarted, say, textDelta, textStart, toolCall, toolResult } from "../test/harness.js";

let broken = true;
/** A part that throws while `broken`, as hostile content or an app's renderer with a bug would. */
function Throws({ children }: { children?: unknown }): never | string {
  if (broken) throw new Error("boom");
  return `drawn: ${String(children)}`;
}

beforeEach(() => {
  broken = true;
  // React reports each error a boundary catches; the boundary warns once more.
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe("a part of a message that fails to draw", () => {
  it("shows the reply's text with Retry in its place, and the chat stays", () => {
    const client = createClient();
    renderWith(client, <Chat components={{ Markdown: Throws as never }} />);
    dispatch(client, runStarted(), ...say("a1", "**hello** there"));
    expect(screen.getByTestId("tandem-chat")).toBeTruthy();
    const failed = screen.getByTestId("part-failed");
    expect(failed.closest("[data-testid=message]")!.getAttribute("data-message-id")).toBe("a1");
    expect(failed.textContent).toContain("**hello** there");
    expect(within(failed).getByRole("alert").textContent).toContain("could not be shown");
    broken = false;
    fireEvent.click(within(failed).getByRole("button", { name: "Retry" }));
    expect(screen.queryByTestId("part-failed")).toBeNull();
    expect(screen.getByText("drawn: **hello** there")).toBeTruthy();
  });

  it("draws the part again when more text streams in", () => {
    const client = createClient();
    renderWith(client, <Chat components={{ Markdown: Throws as never }} />);
    dispatch(client, runStarted(), textStart("a1"), textDelta("a1", "one"));
    expect(screen.getByTestId("part-failed")).toBeTruthy();
    broken = false;
    act(() => dispatch(client, textDelta("a1", " two")));
    expect(screen.queryByTestId("part-failed")).toBeNull();
    expect(screen.getByText("drawn: one two")).toBeTruthy();
  });

  it("keeps a tool call's group and shows its arguments and result as text when its renderer throws", () => {
    function Renderer() {
      useToolRenderer({ name: "lookup", render: () => Throws({}) });
      return null;
    }
    const client = createClient();
    renderWith(
      client,
      <>
        <Renderer />
        <Chat />
      </>,
    );
    dispatch(client, runStarted(), ...toolCall("c1", "lookup", { city: "Oslo" }, "a1"), toolResult("c1", { temp: 3 }));
    const group = screen.getByRole("group", { name: "Tool call: lookup" });
    const failed = within(group).getByTestId("part-failed");
    expect(failed.textContent).toContain('"city": "Oslo"');
    expect(failed.textContent).toContain('"temp": 3');
    expect(screen.getByTestId("tandem-chat")).toBeTruthy();
  });

  it("shows an activity whose renderer throws as its content", () => {
    const client = createClient();
    renderWith(client, <Chat components={{ Activity: Throws as never }} />);
    dispatch(client, runStarted(), {
      type: "ACTIVITY_SNAPSHOT",
      messageId: "act1",
      activityType: "a2ui-surface",
      content: { surface: "s1" },
    } as never);
    const failed = screen.getByTestId("part-failed");
    expect(failed.textContent).toContain('"surface": "s1"');
    expect(screen.getByTestId("tandem-chat")).toBeTruthy();
  });
});

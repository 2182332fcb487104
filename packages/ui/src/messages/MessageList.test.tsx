import { act, fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Chat } from "../chat/Chat.js";
import { createClient, dispatch, renderWith, runError, runFinished, runStarted, say, textDelta, textStart } from "../test/harness.js";

/** jsdom has no layout: give the log a size and let scrollHeight grow with its text. */
function fakeLayout(el: HTMLElement, clientHeight = 200) {
  Object.defineProperty(el, "clientHeight", { configurable: true, get: () => clientHeight });
  Object.defineProperty(el, "scrollHeight", { configurable: true, get: () => 100 + (el.textContent?.length ?? 0) * 10 });
}

const flushObservers = () => act(async () => {});

describe("transcript", () => {
  it("is a log that does not read tokens aloud", () => {
    renderWith(createClient(), <Chat />);
    const log = screen.getByRole("log");
    expect(log.getAttribute("aria-live")).toBe("off");
  });

  it("announces run start, finish and errors in a polite status region, not tokens", () => {
    const client = createClient();
    renderWith(client, <Chat />);
    const status = screen.getByRole("status");
    expect(status.textContent).toBe("");
    dispatch(client, runStarted());
    expect(status.textContent).toBe("Agent is replying…");
    dispatch(client, textStart("a"), textDelta("a", "token one"));
    expect(status.textContent).toBe("Agent is replying…");
    dispatch(client, runFinished());
    expect(status.textContent).toBe("Reply finished");
    dispatch(client, runStarted("r2"), runError("Model overloaded"));
    expect(status.textContent).toBe("Error: Model overloaded");
  });

  it("follows the stream at the bottom, stops when the user scrolls up, and Jump to latest returns", async () => {
    const client = createClient();
    renderWith(client, <Chat />);
    const log = screen.getByRole("log");
    fakeLayout(log);
    dispatch(client, runStarted(), textStart("a"), textDelta("a", "x".repeat(50)));
    await flushObservers();
    expect(log.scrollTop).toBe(log.scrollHeight);
    expect(screen.queryByRole("button", { name: "Jump to latest" })).toBeNull();

    // The user scrolls up: following stops.
    log.scrollTop = 0;
    fireEvent.scroll(log);
    const jump = await screen.findByRole("button", { name: "Jump to latest" });
    dispatch(client, textDelta("a", "y".repeat(50)));
    await flushObservers();
    expect(log.scrollTop).toBe(0);

    fireEvent.click(jump);
    expect(log.scrollTop).toBe(log.scrollHeight);
    expect(screen.queryByRole("button", { name: "Jump to latest" })).toBeNull();
    dispatch(client, textDelta("a", "z".repeat(50)));
    await flushObservers();
    expect(log.scrollTop).toBe(log.scrollHeight);
  });

  it("counts a small distance from the bottom as the bottom", async () => {
    const client = createClient();
    renderWith(client, <Chat />);
    const log = screen.getByRole("log");
    fakeLayout(log);
    dispatch(client, say("a", "x".repeat(100)));
    await flushObservers();
    log.scrollTop = log.scrollHeight - 200 - 20;
    fireEvent.scroll(log);
    expect(screen.queryByRole("button", { name: "Jump to latest" })).toBeNull();
  });
});

import { AgentClient, type FeedbackGiven } from "@tandem/core";
import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Chat } from "../chat/Chat.js";
import { expectNoAxeViolations, renderWith } from "../test/harness.js";

/** A thread with one question and one reply, and the feedback it was given. */
function rated(options: { takesFeedback?: boolean } = {}) {
  const given: FeedbackGiven[] = [];
  const client = new AgentClient({
    url: "http://127.0.0.1:9/unused",
    threadId: "t",
    initialMessages: [
      { id: "u1", role: "user", content: "Hello" },
      { id: "a1", role: "assistant", content: "Hi there" },
    ],
    ...(options.takesFeedback !== false && { onFeedback: (f: FeedbackGiven) => void given.push(f) }),
  });
  return { client, given };
}

const reply = () => screen.getAllByTestId("message").find((m) => m.dataset.role === "assistant")!;
const toggle = (name: "Good response" | "Bad response") => within(reply()).getByRole("button", { name }) as HTMLButtonElement;
/** The toggles' code is a chunk of its own: wait for them to show. */
const shown = () => within(reply()).findByRole("button", { name: "Good response" });

describe("feedback on replies", () => {
  it("rates a reply with toggle buttons; pressing again takes the rating back", async () => {
    const { client, given } = rated();
    const { container } = renderWith(client, <Chat />);
    const user = userEvent.setup();
    await shown();
    expect(toggle("Good response").getAttribute("aria-pressed")).toBe("false");
    expect(screen.getAllByTestId("message")[0]!.querySelector("[aria-label='Good response']")).toBeNull();
    await user.click(toggle("Good response"));
    expect(toggle("Good response").getAttribute("aria-pressed")).toBe("true");
    expect(toggle("Bad response").getAttribute("aria-pressed")).toBe("false");
    await user.click(toggle("Good response"));
    expect(toggle("Good response").getAttribute("aria-pressed")).toBe("false");
    // onFeedback is told once the sending code (a chunk of its own) is in.
    await waitFor(() => expect(given.map((g) => g.rating)).toEqual(["up", null]));
    await expectNoAxeViolations(container);
  });

  it("asks for a comment after a thumbs down, by keyboard; Escape closes it and focus returns", async () => {
    const { client, given } = rated();
    renderWith(client, <Chat />);
    const user = userEvent.setup();
    await shown();
    toggle("Bad response").focus();
    await user.keyboard("{Enter}");
    expect(toggle("Bad response").getAttribute("aria-pressed")).toBe("true");
    const comment = await screen.findByRole("textbox", { name: "What went wrong? (optional)" });
    await waitFor(() => expect(document.activeElement).toBe(comment));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("form", { name: "Feedback" })).toBeNull();
    expect(document.activeElement).toBe(toggle("Bad response"));
    await waitFor(() => expect(given).toEqual([{ threadId: "t", messageId: "a1", rating: "down" }]));

    // Again, with a comment: it goes with the rating, and focus comes back the same way.
    await user.click(toggle("Good response"));
    await user.click(toggle("Bad response"));
    await user.type(screen.getByRole("textbox", { name: "What went wrong? (optional)" }), "Made up a number");
    await user.click(screen.getByRole("button", { name: "Send feedback" }));
    await waitFor(() => expect(given.at(-1)).toEqual({ threadId: "t", messageId: "a1", rating: "down", comment: "Made up a number" }));
    expect(client.state.feedback.a1).toMatchObject({ rating: "down", comment: "Made up a number" });
    expect(document.activeElement).toBe(toggle("Bad response"));
  });

  it("shows no feedback buttons when the app takes no feedback", async () => {
    renderWith(rated({ takesFeedback: false }).client, <Chat />);
    // Given time to load, had it been asked for.
    await import("./MessageFeedbackBody.js");
    expect(within(reply()).getByRole("button", { name: "Copy" })).toBeTruthy();
    expect(within(reply()).queryByRole("button", { name: "Good response" })).toBeNull();
  });

  it("shows a rating given in another tab (restored into the thread)", async () => {
    const { client } = rated();
    renderWith(client, <Chat />);
    await shown();
    client.restore(
      {
        messages: client.state.messages,
        state: {},
        interrupts: [],
        toolCallStatus: {},
        feedback: { a1: { rating: "down", at: 1 } },
      },
      { replace: true },
    );
    return waitFor(() => expect(toggle("Bad response").getAttribute("aria-pressed")).toBe("true"));
  });

  it("takes translated labels", async () => {
    renderWith(rated().client, <Chat labels={{ goodResponse: "Gute Antwort", badResponse: "Schlechte Antwort" }} />);
    expect(await within(reply()).findByRole("button", { name: "Gute Antwort" })).toBeTruthy();
    expect(within(reply()).getByRole("button", { name: "Schlechte Antwort" })).toBeTruthy();
  });
});

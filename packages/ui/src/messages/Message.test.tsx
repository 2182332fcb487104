import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Chat } from "../chat/Chat.js";
import { createClient, dispatch, renderWith, runStarted, say, textDelta, textStart, toolCall, toolResult } from "../test/harness.js";

const rows = () => screen.getAllByTestId("message");

describe("messages", () => {
  it("shows user text as plain text, with data-role and data-message-id", () => {
    const client = createClient({ initialMessages: [{ id: "u1", role: "user", content: "**not bold** <b>x</b>" }] });
    renderWith(client, <Chat />);
    const row = rows()[0]!;
    expect(row.dataset.role).toBe("user");
    expect(row.dataset.messageId).toBe("u1");
    expect(row.querySelector(".tandem-user-content")!.textContent).toBe("**not bold** <b>x</b>");
    expect(row.querySelector("strong, b")).toBeNull();
  });

  it("shows a user's image parts as images with alt text", () => {
    const client = createClient({
      initialMessages: [
        {
          id: "u1",
          role: "user",
          content: [
            { type: "text", text: "what is this?" },
            { type: "image", source: { type: "url", value: "https://example.com/cat.png" }, metadata: { filename: "cat.png" } },
            { type: "image", source: { type: "data", value: "AAAA", mimeType: "image/png" } },
          ],
        },
      ],
    });
    renderWith(client, <Chat />);
    const images = within(rows()[0]!).getAllByRole("img");
    expect(images.map((i) => i.getAttribute("alt"))).toEqual(["cat.png", "Attached image"]);
    expect(images[1]!.getAttribute("src")).toBe("data:image/png;base64,AAAA");
  });

  it("renders assistant Markdown while it streams, growing one row", async () => {
    const client = createClient();
    renderWith(client, <Chat />);
    dispatch(client, runStarted(), textStart("a1"), textDelta("a1", "Here:\n\n- first\n- sec"));
    const row = await screen.findByText("first");
    expect(row.closest("[data-testid=message]")!.getAttribute("data-role")).toBe("assistant");
    expect(row.closest("[data-testid=message]")!.getAttribute("aria-busy")).toBe("true");
    dispatch(client, textDelta("a1", "ond\n\n| k | v |\n|---|---|\n| a | 1 |"));
    expect(await screen.findByText("second")).toBeTruthy();
    expect(screen.getByRole("table")).toBeTruthy();
    expect(rows()).toHaveLength(1);
  });

  it("shows reasoning collapsed under a summary", () => {
    const client = createClient({ initialMessages: [{ id: "r1", role: "reasoning", content: "Let me think" }] });
    renderWith(client, <Chat />);
    const row = rows()[0]!;
    expect(row.dataset.role).toBe("reasoning");
    const details = row.querySelector("details")!;
    expect(details.open).toBe(false);
    expect(within(row).getByText("Reasoning").tagName).toBe("SUMMARY");
  });

  it("says Thinking… while reasoning streams", () => {
    const client = createClient();
    renderWith(client, <Chat />);
    dispatch(
      client,
      runStarted(),
      { type: "REASONING_MESSAGE_START", messageId: "r1", role: "reasoning" },
      {
        type: "REASONING_MESSAGE_CONTENT",
        messageId: "r1",
        delta: "hmm",
      },
    );
    expect(screen.getByText("Thinking…").tagName).toBe("SUMMARY");
  });

  it("shows tool-call progress activity as a progress bar with its message", () => {
    const client = createClient();
    renderWith(client, <Chat />);
    dispatch(client, runStarted(), {
      type: "ACTIVITY_SNAPSHOT",
      messageId: "act1",
      activityType: "tool-call-progress",
      content: { progress: 0.42, message: "Indexing files" },
    });
    const bar = screen.getByRole("progressbar", { name: "Indexing files" });
    expect(bar.getAttribute("aria-valuenow")).toBe("42");
    expect(bar.getAttribute("aria-valuemin")).toBe("0");
    expect(bar.getAttribute("aria-valuemax")).toBe("100");
    expect(rows()[0]!.dataset.role).toBe("activity");
    dispatch(client, {
      type: "ACTIVITY_SNAPSHOT",
      messageId: "act1",
      activityType: "tool-call-progress",
      content: { progress: 1, message: "Done" },
    });
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("100");
  });

  it("shows other activity types by type and content", () => {
    const client = createClient();
    renderWith(client, <Chat />);
    dispatch(client, runStarted(), { type: "ACTIVITY_SNAPSHOT", messageId: "p", activityType: "plan", content: { step: 2 } });
    expect(screen.getByText("plan")).toBeTruthy();
    expect(screen.getByText(/"step": 2/)).toBeTruthy();
  });

  it("puts tool calls after their message's text, one card each, and hides tool result messages", async () => {
    const client = createClient();
    renderWith(client, <Chat />);
    dispatch(
      client,
      runStarted(),
      say("a1", "Checking two cities."),
      toolCall("c1", "get_weather", { city: "Oslo" }, "a1"),
      toolCall("c2", "get_weather", { city: "Rome" }, "a1"),
      toolResult("c1", { temp: 3 }),
    );
    await screen.findByText("Checking two cities.");
    expect(rows()).toHaveLength(1);
    const row = rows()[0]!;
    const groups = within(row).getAllByRole("group", { name: "Tool call: get_weather" });
    expect(groups).toHaveLength(2);
    expect(row.textContent!.indexOf("Checking two cities.")).toBeLessThan(row.textContent!.indexOf("get_weather"));
    expect(screen.queryAllByTestId("message").some((m) => m.dataset.role === "tool")).toBe(false);
  });

  it("does not show system messages", () => {
    const client = createClient({
      initialMessages: [
        { id: "s", role: "system", content: "You are helpful" },
        { id: "u", role: "user", content: "hi" },
      ],
    });
    renderWith(client, <Chat />);
    expect(rows().map((r) => r.dataset.role)).toEqual(["user"]);
  });
});

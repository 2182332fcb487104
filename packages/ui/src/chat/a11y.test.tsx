import { useHumanInTheLoop } from "@tandem/react";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  awaitInput,
  axeViolations,
  createClient,
  dispatch,
  expectNoAxeViolations,
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

function Tools() {
  useHumanInTheLoop({ name: "delete_file", description: "Deletes a file" });
  return null;
}

describe("accessibility (axe)", () => {
  it("the check itself catches a violation", async () => {
    const { container } = render(<button type="button" />);
    expect((await axeViolations(container)).join()).toMatch(/button-name/);
  });

  it("empty chat with suggestions", async () => {
    const { container } = renderWith(createClient(), <Chat suggestions={["Hello", "Plan a trip"]} />);
    await expectNoAxeViolations(container);
  });

  it("while streaming Markdown, tool cards and steps", async () => {
    const client = createClient({ initialMessages: [{ id: "u", role: "user", content: "Go" }] });
    const { container } = renderWith(client, <Chat />);
    dispatch(
      client,
      runStarted(),
      { type: "STEP_STARTED", stepName: "research" },
      say("a0", "Done:\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nx()\n```\n\n[docs](https://example.com)"),
      toolCall("c1", "search", { q: "x" }, "a0"),
      toolResult("c1", { hits: 1 }),
      { type: "ACTIVITY_SNAPSHOT", messageId: "act", activityType: "tool-call-progress", content: { progress: 0.5, message: "Halfway" } },
      { type: "REASONING_MESSAGE_START", messageId: "r1", role: "reasoning" },
      { type: "REASONING_MESSAGE_CONTENT", messageId: "r1", delta: "thinking" },
      textStart("a1"),
      textDelta("a1", "Streaming **now**"),
    );
    await screen.findByText("now");
    await expectNoAxeViolations(container);
  });

  it("with two confirmations pending", async () => {
    const client = createClient();
    const { container } = renderWith(
      client,
      <>
        <Tools />
        <Chat />
      </>,
    );
    dispatch(client, runStarted(), toolCall("c1", "delete_file", { path: "/a" }, "a"), toolCall("c2", "delete_file", { path: "/b" }, "a"));
    awaitInput(client, "c1", "c2");
    await expectNoAxeViolations(container);
  });

  it("with an error", async () => {
    const client = createClient();
    const { container } = renderWith(client, <Chat />);
    dispatch(client, runStarted(), runError("The agent failed"));
    await expectNoAxeViolations(container);
  });

  it("with interrupts (form and free-form)", async () => {
    const client = createClient();
    const { container } = renderWith(client, <Chat />);
    dispatch(
      client,
      runStarted(),
      runFinished("r", {
        type: "interrupt",
        interrupts: [
          {
            id: "i1",
            reason: "pick",
            message: "Choose",
            responseSchema: {
              type: "object",
              properties: { size: { enum: ["s", "m"] }, ok: { type: "boolean" }, n: { type: "number" } },
              required: ["size"],
            },
          },
          { id: "i2", reason: "free" },
        ],
      }),
    );
    await expectNoAxeViolations(container);
  });
});

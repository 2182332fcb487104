// @vitest-environment jsdom
import { runFinished, runStarted, startMockAgent, textMessage, toolCall } from "@tandem/mock-agent";
import { preloadChat } from "@tandem/ui";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterAll, beforeAll, expect, it } from "vitest";
import { App } from "./App";

// The agent asks for the tool, then answers once the tool's result comes back.
const agent = await startMockAgent({
  scenario: (input) =>
    input.messages.at(-1)?.role === "tool"
      ? [runStarted(input), ...textMessage("The page is teal now."), runFinished(input)]
      : [runStarted(input), ...toolCall("change_background", { background: "teal" }), runFinished(input)],
});
afterAll(() => agent.close());
// Everything <Chat> loads on first use (parts, Markdown, event validation), in before the test.
beforeAll(() => preloadChat());

it("changes the background when the agent asks", async () => {
  render(<App url={agent.url} />);
  fireEvent.change(screen.getByRole("textbox", { name: "Message" }), { target: { value: "Make it teal" } });
  fireEvent.click(screen.getByRole("button", { name: "Send" }));
  // Waits for the agent's two runs (the tool call, then the answer), not for any chunk.
  expect(await screen.findByText("The page is teal now.")).toBeTruthy();
  expect(document.body.style.background).toBe("teal");
  expect(agent.requests).toHaveLength(2); // the run, then the follow-up with the tool's result
});

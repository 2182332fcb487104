import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Chat } from "../chat/Chat.js";
import { createClient, dispatch, expectNoAxeViolations, renderWith, runFinished, runStarted, say } from "../test/harness.js";

const n = (value: number) => value.toLocaleString();
const finished = (runId: string, usage: object[]) => ({ ...runFinished(runId), usage });

describe("<Chat showUsage>", () => {
  it("is off by default", () => {
    const client = createClient();
    renderWith(client, <Chat />);
    dispatch(client, runStarted(), say("a", "hi"), finished("r", [{ model: "m", inputTokens: 10, outputTokens: 5, totalTokens: 15 }]));
    expect(screen.queryByRole("region", { name: "Token usage" })).toBeNull();
  });

  it("shows the last run's and the thread's token usage, summed over models, with a breakdown by model", async () => {
    const client = createClient();
    const { container } = renderWith(client, <Chat showUsage />);
    // Nothing reported yet: nothing shown.
    expect(screen.queryByRole("region", { name: "Token usage" })).toBeNull();

    dispatch(
      client,
      runStarted("r1"),
      say("a1", "one"),
      finished("r1", [
        { provider: "openai", model: "small", inputTokens: 1200, outputTokens: 300, totalTokens: 1500 },
        { provider: "anthropic", model: "large", inputTokens: 800, outputTokens: 200 },
      ]),
    );
    const usage = screen.getByRole("region", { name: "Token usage" });
    expect(within(usage).getByText(`Last run: ${n(2500)} tokens (${n(2000)} in, ${n(500)} out)`)).toBeTruthy();
    expect(within(usage).getByText(`Thread: ${n(2500)} tokens (${n(2000)} in, ${n(500)} out)`)).toBeTruthy();

    dispatch(
      client,
      runStarted("r2"),
      say("a2", "two"),
      finished("r2", [{ provider: "openai", model: "small", inputTokens: 100, outputTokens: 50 }]),
    );
    expect(within(usage).getByText(`Last run: ${n(150)} tokens (${n(100)} in, ${n(50)} out)`)).toBeTruthy();
    expect(within(usage).getByText(`Thread: ${n(2650)} tokens (${n(2100)} in, ${n(550)} out)`)).toBeTruthy();
    const byModel = within(usage)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(byModel).toEqual([
      `openai small: ${n(1650)} tokens (${n(1300)} in, ${n(350)} out)`,
      `anthropic large: ${n(1000)} tokens (${n(800)} in, ${n(200)} out)`,
    ]);
    await expectNoAxeViolations(container);
  });

  it("says only what was reported", () => {
    const client = createClient();
    renderWith(client, <Chat showUsage />);
    dispatch(client, runStarted("r1"), finished("r1", [{ totalTokens: 42 }]));
    const usage = screen.getByRole("region", { name: "Token usage" });
    expect(within(usage).getByText("Last run: 42 tokens")).toBeTruthy();
    expect(within(usage).queryByRole("listitem")).toBeNull();
  });
});

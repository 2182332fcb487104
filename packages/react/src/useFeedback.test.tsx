import { AgentClient, type FeedbackGiven } from "@tandem/core";
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AgentProvider } from "./AgentProvider.js";
import { useFeedback } from "./useFeedback.js";

const sync = (callback: () => void) => {
  callback();
  return () => {};
};

describe("useFeedback", () => {
  it("shows a reply's rating and re-renders for feedback only, not for streamed tokens", async () => {
    const client = new AgentClient({
      url: "http://127.0.0.1:9/unused",
      threadId: "t",
      schedule: sync,
      initialMessages: [{ id: "a1", role: "assistant", content: "Hi" }],
      onFeedback: () => {},
    });
    let renders = 0;
    function Rating() {
      renders++;
      const { rating, enabled } = useFeedback("a1");
      return <p data-testid="rating">{`${enabled} ${rating ?? "none"}`}</p>;
    }
    render(
      <AgentProvider client={client}>
        <Rating />
      </AgentProvider>,
    );
    expect(screen.getByTestId("rating").textContent).toBe("true none");
    const before = renders;
    act(() => client.store.update((s) => ({ ...s, messages: [...s.messages, { id: "a2", role: "assistant", content: "streaming…" }] })));
    expect(renders).toBe(before);
    await act(() => client.feedback.give("a1", "up"));
    expect(screen.getByTestId("rating").textContent).toBe("true up");
  });

  it("calls the provider's current onFeedback, even when it is an inline function that changed", async () => {
    const seen: string[] = [];
    let give: ((rating: "up" | "down") => Promise<void>) | undefined;
    function Button() {
      give = useFeedback("a1").give;
      return null;
    }
    const tree = (label: string) => (
      <AgentProvider url="http://127.0.0.1:9/unused" threadId="t" onFeedback={(f: FeedbackGiven) => void seen.push(`${label} ${f.rating}`)}>
        <Button />
      </AgentProvider>
    );
    const { rerender } = render(tree("first"));
    rerender(tree("second"));
    await act(() => give!("down"));
    expect(seen).toEqual(["second down"]);
  });
});

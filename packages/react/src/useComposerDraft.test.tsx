import { AgentClient } from "@tandem/core";
import { runFinished, runStarted, textMessage } from "@tandem/mock-agent";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { AgentProvider } from "./AgentProvider.js";
import { serve } from "./test/harness.js";
import { useComposerDraft, useComposerRuntime } from "./useComposerDraft.js";

function Box() {
  const text = useComposerDraft((s) => s.text);
  const composer = useComposerRuntime();
  return (
    <>
      <textarea aria-label="Message" value={text} onChange={(event) => composer.setText(event.target.value)} />
      <button type="button" onClick={() => void composer.send()}>
        Send
      </button>
    </>
  );
}

const box = () => screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;

describe("useComposerDraft", () => {
  it("keeps the draft in the provider: it outlives the box that shows it, and a new agent URL", async () => {
    const agent = await serve((input) => [runStarted(input), ...textMessage(["ok"]), runFinished(input)]);
    function App() {
      const [shown, setShown] = useState(true);
      const [url, setUrl] = useState(agent.url);
      return (
        <AgentProvider url={url} threadId="t">
          <button type="button" onClick={() => setShown(!shown)}>
            Toggle
          </button>
          <button type="button" onClick={() => setUrl(`${agent.url}?again`)}>
            Move
          </button>
          {shown && <Box />}
        </AgentProvider>
      );
    }
    render(<App />);
    fireEvent.change(box(), { target: { value: "half written" } });
    fireEvent.click(screen.getByRole("button", { name: "Toggle" }));
    fireEvent.click(screen.getByRole("button", { name: "Move" }));
    fireEvent.click(screen.getByRole("button", { name: "Toggle" }));
    expect(box().value).toBe("half written");
  });

  it("gives a message the agent failed on back to the empty box (core decides, no effect of the UI)", async () => {
    const agent = await serve(() => ({ status: 500, body: { error: "overloaded" } }) as never);
    render(
      <AgentProvider url={agent.url} threadId="t" network={false}>
        <Box />
      </AgentProvider>,
    );
    fireEvent.change(box(), { target: { value: "keep me" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send" })));
    expect(box().value).toBe("");
    await waitFor(() => expect(box().value).toBe("keep me"));
  });

  it("keeps the draft when the provider is given another client", () => {
    const first = new AgentClient({ url: "http://127.0.0.1:1", threadId: "a" });
    const second = new AgentClient({ url: "http://127.0.0.1:1", threadId: "b" });
    const view = render(
      <AgentProvider client={first}>
        <Box />
      </AgentProvider>,
    );
    fireEvent.change(box(), { target: { value: "half written" } });
    view.rerender(
      <AgentProvider client={second}>
        <Box />
      </AgentProvider>,
    );
    expect(box().value).toBe("half written");
  });
});

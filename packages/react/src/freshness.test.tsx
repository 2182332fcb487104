import { AgentClient } from "@tandem/core";
import { runFinished, runStarted, textMessage, toolCall } from "@tandem/mock-agent";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { startTransition, use, useState } from "react";
import { describe, expect, it } from "vitest";
import { AgentProvider } from "./AgentProvider.js";
import { bodies, serve } from "./test/harness.js";
import { useAgent } from "./useAgent.js";
import { useAgentState } from "./useAgentState.js";

describe("nothing a hook returns is stale", () => {
  it("a selector that changes is applied at once, without waiting for the next publish", () => {
    const client = new AgentClient({ url: "http://127.0.0.1:1", threadId: "t", initialState: { items: ["zero", "one", "two"] } });
    function Item() {
      const [i, setI] = useState(0);
      const item = useAgentState((s?: { items: string[] }) => s?.items[i]);
      return (
        <button type="button" onClick={() => setI(i + 1)}>
          {item}
        </button>
      );
    }
    render(
      <AgentProvider client={client}>
        <Item />
      </AgentProvider>,
    );
    fireEvent.click(screen.getByRole("button"));
    expect(screen.getByRole("button").textContent).toBe("one");
    fireEvent.click(screen.getByRole("button"));
    expect(screen.getByRole("button").textContent).toBe("two");
  });

  it("useAgent follows the provider to a new client (tool calls come from the current one)", async () => {
    const first = await serve((input) => [runStarted(input), ...toolCall("first_tool", {}, { toolCallId: "c1" }), runFinished(input)]);
    const second = await serve((input) => [runStarted(input), ...toolCall("second_tool", {}, { toolCallId: "c2" }), runFinished(input)]);
    function Calls() {
      const { toolCalls, sendMessage } = useAgent();
      return (
        <div>
          <output>{toolCalls.map((c) => c.name).join(",")}</output>
          <button type="button" onClick={() => void sendMessage("go")}>
            Send
          </button>
        </div>
      );
    }
    function App() {
      const [url, setUrl] = useState(first.url);
      return (
        <>
          <button type="button" onClick={() => setUrl(second.url)}>
            Switch
          </button>
          <AgentProvider url={url} threadId="t">
            <Calls />
          </AgentProvider>
        </>
      );
    }
    render(<App />);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("first_tool"));
    fireEvent.click(screen.getByRole("button", { name: "Switch" }));
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("second_tool"));
  });

  it("context from a render that never commits (a suspended transition) is not sent", async () => {
    const agent = await serve((input) => [runStarted(input), ...textMessage(["ok"]), runFinished(input)]);
    const never = new Promise<never>(() => {});
    function Suspends({ when }: { when: boolean }) {
      if (when) use(never);
      return null;
    }
    function Send() {
      const { sendMessage } = useAgent();
      return (
        <button type="button" onClick={() => void sendMessage("hi")}>
          Send
        </button>
      );
    }
    let go: (page: string) => void = () => {};
    function App() {
      const [page, setPage] = useState("home");
      go = (next) => startTransition(() => setPage(next));
      return (
        <AgentProvider url={agent.url} threadId="t" context={[{ description: "page", value: page }]} forwardedProps={{ page }}>
          <Send />
          <Suspends when={page === "settings"} />
        </AgentProvider>
      );
    }
    render(<App />);
    // The transition renders the provider with page "settings", then suspends: nothing commits.
    await act(async () => go("settings"));
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(bodies(agent)).toHaveLength(1));
    expect(bodies(agent)[0]!.context).toEqual([{ description: "page", value: "home" }]);
    expect(bodies(agent)[0]!.forwardedProps).toEqual({ page: "home" });
  });

  it("context and forwardedProps of the latest commit reach the next request", async () => {
    const agent = await serve((input) => [runStarted(input), ...textMessage(["ok"]), runFinished(input)]);
    function Send() {
      const { sendMessage } = useAgent();
      return (
        <button type="button" onClick={() => void sendMessage("hi")}>
          Send
        </button>
      );
    }
    const App = ({ page }: { page: string }) => (
      <AgentProvider url={agent.url} threadId="t" context={[{ description: "page", value: page }]} forwardedProps={{ page }}>
        <Send />
      </AgentProvider>
    );
    const view = render(<App page="home" />);
    view.rerender(<App page="settings" />);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(bodies(agent)).toHaveLength(1));
    expect(bodies(agent)[0]!.context).toEqual([{ description: "page", value: "settings" }]);
    expect(bodies(agent)[0]!.forwardedProps).toEqual({ page: "settings" });
  });
});

import type { Message } from "@tandem/core";
import { runFinished, runStarted } from "@tandem/mock-agent";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { memo } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AgentProvider } from "./AgentProvider.js";
import { renderWith, serve } from "./test/harness.js";
import { useAgent } from "./useAgent.js";
import { useAgentState } from "./useAgentState.js";
import { useMessage, useMessageIds } from "./useMessages.js";

const history: Message[] = Array.from({ length: 30 }, (_, i) => ({
  id: `h${i}`,
  role: i % 2 ? "assistant" : "user",
  content: `earlier ${i}`,
}));

function streamTokens(count: number) {
  return serve(async function* (input) {
    yield runStarted(input);
    yield { type: "TEXT_MESSAGE_START", messageId: "live", role: "assistant" };
    for (let i = 0; i < count; i++) {
      yield { type: "TEXT_MESSAGE_CONTENT", messageId: "live", delta: `t${i} ` };
      if (i % 10 === 9) yield { delay: 20 };
    }
    yield { type: "TEXT_MESSAGE_END", messageId: "live" };
    yield runFinished(input);
  });
}

describe("render counts while streaming", () => {
  it("re-renders only the streaming row, not earlier rows or the list", async () => {
    const renders = new Map<string, number>();
    let listRenders = 0;
    const Row = memo(function Row({ id }: { id: string }) {
      const message = useMessage(id);
      renders.set(id, (renders.get(id) ?? 0) + 1);
      return <li>{typeof message?.content === "string" ? message.content : ""}</li>;
    });
    function List() {
      const ids = useMessageIds();
      listRenders++;
      return (
        <ul>
          {ids.map((id) => (
            <Row key={id} id={id} />
          ))}
        </ul>
      );
    }
    let sendRenders = 0;
    function SendButton() {
      const { sendMessage } = useAgent();
      sendRenders++;
      return (
        <button type="button" onClick={() => void sendMessage("go")}>
          Send
        </button>
      );
    }
    function Status() {
      const status = useAgent((s) => s.status);
      return <output>{status}</output>;
    }
    const agent = await streamTokens(200);
    renderWith(
      agent,
      <>
        <List />
        <SendButton />
        <Status />
      </>,
      { initialMessages: history },
    );
    const listBefore = listRenders;
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("idle"));
    expect(screen.getAllByRole("listitem").at(-1)!.textContent).toMatch(/t199 $/);
    for (const m of history) expect(renders.get(m.id), m.id).toBe(1);
    expect(sendRenders).toBe(1);
    // The list re-renders when a message is added (the user's, the reply), never per token.
    expect(listRenders - listBefore).toBeLessThanOrEqual(3);
    // Tokens are batched per frame: far fewer renders of the live row than tokens.
    expect(renders.get("live")!).toBeLessThan(60);
  });

  it("re-renders a useAgent() consumer only for the fields it reads", async () => {
    let statusRenders = 0;
    function StatusOnly() {
      const { status } = useAgent();
      statusRenders++;
      return <output>{status}</output>;
    }
    function Starter() {
      const { sendMessage } = useAgent();
      return (
        <button type="button" onClick={() => void sendMessage("go")}>
          Send
        </button>
      );
    }
    const agent = await streamTokens(200);
    renderWith(
      agent,
      <>
        <StatusOnly />
        <Starter />
      </>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("idle"));
    // initial, running, idle — and at most one more for a status flip in between.
    expect(statusRenders).toBeLessThanOrEqual(4);
  });
});

describe("server-side rendering", () => {
  it("renders to a string without throwing", () => {
    function App() {
      const { messages, status } = useAgent();
      const [state] = useAgentState<{ n: number }>();
      const ids = useMessageIds();
      return <p>{`${status} ${messages.length} ${ids.length} ${state?.n}`}</p>;
    }
    const html = renderToString(
      <AgentProvider url="http://127.0.0.1:9/agent" initialMessages={history.slice(0, 2)} initialState={{ n: 7 }}>
        <App />
      </AgentProvider>,
    );
    expect(html).toContain("idle 2 2 7");
  });
});

import { memoryStorage, type ThreadStorage } from "@tandem/core";
import { runFinished, runStarted, textMessage } from "@tandem/mock-agent";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { describe, expect, it } from "vitest";
import { AgentProvider } from "./AgentProvider.js";
import { serve } from "./test/harness.js";
import { useAgent } from "./useAgent.js";
import { useThreads } from "./useThreads.js";

function Thread() {
  const { messages, status, sendMessage } = useAgent();
  const { threads, currentId, create, switchTo, rename, remove } = useThreads();
  return (
    <div>
      <output data-testid="status">{status}</output>
      <ul aria-label="messages">
        {messages.map((m) => (
          <li key={m.id}>{typeof m.content === "string" ? m.content : ""}</li>
        ))}
      </ul>
      <nav aria-label="Threads">
        {threads.map((t) => (
          <button
            type="button"
            key={t.id}
            aria-current={t.id === currentId ? "page" : undefined}
            data-running={t.running}
            onClick={() => switchTo(t.id)}
          >
            {t.title}
          </button>
        ))}
      </nav>
      <button type="button" onClick={() => void sendMessage("What is a haiku?")}>
        Ask
      </button>
      <button type="button" onClick={() => void sendMessage("And a limerick?")}>
        Ask again
      </button>
      <button type="button" onClick={() => create()}>
        New thread
      </button>
      <button type="button" onClick={() => void rename(currentId, "Poetry")}>
        Rename
      </button>
      <button type="button" onClick={() => void remove(currentId)}>
        Delete
      </button>
    </div>
  );
}

const messages = () => screen.queryAllByRole("listitem").map((li) => li.textContent);
const threadButtons = () =>
  Array.from(screen.getByRole("navigation", { name: "Threads" }).querySelectorAll("button")).map((b) => b.textContent);
/** Each listed thread's `running`, by title. */
const running = () =>
  Object.fromEntries(
    Array.from(screen.getByRole("navigation", { name: "Threads" }).querySelectorAll("button")).map((b) => [
      b.textContent,
      b.dataset.running,
    ]),
  );
const click = (name: string) => fireEvent.click(screen.getByRole("button", { name }));

async function setup(storage: ThreadStorage = memoryStorage()) {
  const agent = await serve((input) => [runStarted(input), ...textMessage([`Answer ${input.messages.length}`]), runFinished(input)]);
  const view = () =>
    render(
      <AgentProvider url={agent.url} storage={storage}>
        <Thread />
      </AgentProvider>,
    );
  return { agent, storage, view };
}

describe("threads kept in a storage", () => {
  it("a reload brings the current thread back, titled by its first question", async () => {
    const { view } = await setup();
    view();
    click("Ask");
    await waitFor(() => expect(messages()).toEqual(["What is a haiku?", "Answer 1"]));
    await waitFor(() => expect(threadButtons()).toEqual(["What is a haiku?"]));
    cleanup(); // the page goes away
    view();
    await waitFor(() => expect(messages()).toEqual(["What is a haiku?", "Answer 1"]));
    click("Ask again");
    await waitFor(() => expect(messages()).toHaveLength(4));
    expect(messages()[3]).toBe("Answer 3");
  });

  it("creates, switches, renames and deletes threads", async () => {
    const { view } = await setup();
    view();
    click("Ask");
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("idle"));
    await waitFor(() => expect(threadButtons()).toHaveLength(1));
    click("New thread");
    await waitFor(() => expect(messages()).toEqual([]));
    click("Ask again");
    await waitFor(() => expect(threadButtons()).toEqual(["And a limerick?", "What is a haiku?"]));
    expect(screen.getByRole("button", { name: "And a limerick?" }).getAttribute("aria-current")).toBe("page");

    fireEvent.click(screen.getByRole("button", { name: "What is a haiku?" }));
    await waitFor(() => expect(messages()).toEqual(["What is a haiku?", "Answer 1"]));
    click("Rename");
    await waitFor(() => expect(threadButtons()).toContain("Poetry"));
    click("Delete");
    await waitFor(() => expect(threadButtons()).toEqual(["And a limerick?"]));
    await waitFor(() => expect(messages()).toEqual(["And a limerick?", "Answer 1"]));
  });

  it("switching away from a running thread stops it and keeps what it had", async () => {
    const agent = await serve(async function* (input) {
      yield runStarted(input);
      yield* textMessage(
        Array.from({ length: 100 }, (_, i) => `w${i} `),
        { messageId: "slow", tokenDelayMs: 10 },
      );
      yield runFinished(input);
    });
    const storage = memoryStorage();
    render(
      <AgentProvider url={agent.url} storage={storage}>
        <Thread />
      </AgentProvider>,
    );
    click("Ask");
    await waitFor(() => expect(messages()[1] ?? "").toMatch(/w3 /));
    await act(async () => click("New thread"));
    await waitFor(() => expect(messages()).toEqual([]));
    const [left] = await storage.list();
    const stored = await storage.load(left!.id);
    expect(stored?.messages[0]).toMatchObject({ content: "What is a haiku?" });
    expect(stored?.runningSince).toBeUndefined();
    expect(screen.getByTestId("status").textContent).toBe("idle");
  });

  it("each thread says whether a run goes on in it: the one whose reply streams, until it ends", async () => {
    const { agent, view } = await setup();
    view();
    click("Ask");
    await waitFor(() => expect(threadButtons()).toEqual(["What is a haiku?"]));
    await waitFor(() => expect(running()).toEqual({ "What is a haiku?": "false" }));
    await act(async () => click("New thread"));
    const held = agent.hold({ type: "TEXT_MESSAGE_CONTENT" });
    click("Ask again");
    await held.reached;
    await waitFor(() => expect(running()).toEqual({ "And a limerick?": "true", "What is a haiku?": "false" }));
    held.release();
    await waitFor(() => expect(running()).toEqual({ "And a limerick?": "false", "What is a haiku?": "false" }));
  });

  it("a renamed current thread keeps its name through later saves", async () => {
    const { view, storage } = await setup();
    view();
    click("Ask");
    await waitFor(() => expect(threadButtons()).toEqual(["What is a haiku?"]));
    click("Rename");
    await waitFor(() => expect(threadButtons()).toEqual(["Poetry"]));
    click("Ask again");
    await waitFor(() => expect(messages()).toHaveLength(4));
    await waitFor(async () => expect((await storage.list()).map((t) => t.title)).toEqual(["Poetry"]));
    expect(threadButtons()).toEqual(["Poetry"]);
  });

  it("a new thread left without a message is not kept", async () => {
    const { view, storage } = await setup();
    view();
    click("Ask");
    await waitFor(() => expect(threadButtons()).toEqual(["What is a haiku?"]));
    click("New thread");
    await waitFor(() => expect(messages()).toEqual([]));
    fireEvent.click(screen.getByRole("button", { name: "What is a haiku?" }));
    await waitFor(() => expect(messages()).toHaveLength(2));
    cleanup();
    expect((await storage.list()).map((t) => t.title)).toEqual(["What is a haiku?"]);
  });

  it("in StrictMode, the thread remembered for the next reload is the one on screen, and a reload comes back to it", async () => {
    const { agent, storage } = await setup();
    localStorage.clear();
    const strict = () =>
      render(
        <StrictMode>
          <AgentProvider url={agent.url} storage={storage}>
            <Thread />
          </AgentProvider>
        </StrictMode>,
      );
    strict();
    click("Ask");
    await waitFor(() => expect(messages()).toEqual(["What is a haiku?", "Answer 1"]));
    await waitFor(() => expect(threadButtons()).toEqual(["What is a haiku?"]));
    const shown = screen.getByRole("button", { name: "What is a haiku?" });
    expect(shown.getAttribute("aria-current")).toBe("page");
    cleanup();
    strict();
    await waitFor(() => expect(messages()).toEqual(["What is a haiku?", "Answer 1"]));
  });
});

import { useHumanInTheLoop, useMessage } from "@tandem/react";
import { fireEvent, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { MessageProps } from "../messages/Message.js";
import { awaitInput, createClient, dispatch, renderWith, runFinished, runStarted, say, toolCall } from "../test/harness.js";
import { Chat } from "./Chat.js";

describe("Chat", () => {
  it("is the kit's root with test id, running flag and theme", () => {
    const client = createClient();
    renderWith(client, <Chat className="mine" />);
    const root = screen.getByTestId("tandem-chat");
    expect(root.classList.contains("tandem")).toBe(true);
    expect(root.classList.contains("mine")).toBe(true);
    expect(root.dataset.theme).toBe("system");
    expect(root.dataset.running).toBe("false");
    dispatch(client, runStarted());
    expect(root.dataset.running).toBe("true");
    dispatch(client, runFinished());
    expect(root.dataset.running).toBe("false");
  });

  it("takes a theme", () => {
    renderWith(createClient(), <Chat theme="dark" />);
    expect(screen.getByTestId("tandem-chat").dataset.theme).toBe("dark");
  });

  it("shows welcome content in an empty thread", () => {
    const client = createClient();
    renderWith(client, <Chat welcome={<h2>Hello there</h2>} placeholder="Ask me" />);
    expect(screen.getByRole("heading", { name: "Hello there" })).toBeTruthy();
    expect(screen.getByPlaceholderText("Ask me")).toBeTruthy();
    dispatch(client, say("a", "hi"));
    expect(screen.queryByRole("heading", { name: "Hello there" })).toBeNull();
  });

  it("lets any part be replaced through components", () => {
    const client = createClient({ initialMessages: [{ id: "u", role: "user", content: "hi" }] });
    function MyMessage({ id }: MessageProps) {
      return <p data-testid="my-message">custom {id}</p>;
    }
    function MyComposer() {
      return <p>my composer</p>;
    }
    renderWith(client, <Chat components={{ Message: MyMessage, Composer: MyComposer }} />);
    expect(screen.getByTestId("my-message").textContent).toBe("custom u");
    expect(screen.getByText("my composer")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Message" })).toBeNull();
  });

  it("passes Markdown overrides down to assistant messages", () => {
    const client = createClient({ initialMessages: [{ id: "a", role: "assistant", content: "**x**" }] });
    renderWith(client, <Chat components={{ Markdown: ({ children }) => <span data-testid="md">{children}</span> }} />);
    expect(screen.getByTestId("md").textContent).toBe("**x**");
  });

  it("re-renders only the streaming row per token, and no earlier row when a message is added", () => {
    const history = Array.from({ length: 120 }, (_, i) => ({
      id: `h${i}`,
      role: i % 2 ? ("assistant" as const) : ("user" as const),
      content: `m${i}`,
    }));
    const client = createClient({ initialMessages: history });
    const renders = new Map<string, number>();
    function CountingMessage({ id }: MessageProps) {
      const message = useMessage(id);
      renders.set(id, (renders.get(id) ?? 0) + 1);
      return <p>{String(message?.content ?? "")}</p>;
    }
    renderWith(client, <Chat components={{ Message: CountingMessage }} />);
    dispatch(client, { type: "TEXT_MESSAGE_START", messageId: "live", role: "assistant" });
    for (let i = 0; i < 20; i++) dispatch(client, { type: "TEXT_MESSAGE_CONTENT", messageId: "live", delta: `t${i}` });
    for (const m of history) expect(renders.get(m.id), m.id).toBe(1);
    expect(renders.get("live")).toBe(21);
    expect(screen.getAllByText(/^m\d+$/)).toHaveLength(120);
  });
});

describe("keyboard-only use", () => {
  function Tools() {
    useHumanInTheLoop({ name: "send_email", description: "Sends an email" });
    return null;
  }

  it("Tab reaches the composer, Enter sends, a confirmation takes focus and Escape rejects it", async () => {
    const client = createClient();
    const sendMessage = vi.spyOn(client, "sendMessage").mockResolvedValue(undefined);
    const respond = vi.spyOn(client, "respond").mockImplementation(() => {});
    renderWith(
      client,
      <>
        <Tools />
        <Chat />
      </>,
    );
    const user = userEvent.setup();
    const box = screen.getByRole("textbox", { name: "Message" });
    for (let i = 0; i < 5 && document.activeElement !== box; i++) await user.tab();
    expect(document.activeElement).toBe(box);
    await user.keyboard("Email Bob{Enter}");
    expect(sendMessage).toHaveBeenCalledWith("Email Bob");

    dispatch(client, runStarted(), toolCall("c1", "send_email", { to: "bob@example.com" }));
    awaitInput(client, "c1");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Approve" }));
    await user.keyboard("{Escape}");
    expect(respond).toHaveBeenCalledWith("c1", { approved: false });
  });

  it("reaches Send and Stop with the keyboard", async () => {
    const client = createClient();
    const stop = vi.spyOn(client, "stop");
    renderWith(client, <Chat />);
    dispatch(client, runStarted());
    const user = userEvent.setup();
    fireEvent.focus(screen.getByRole("textbox", { name: "Message" }));
    screen.getByRole("textbox", { name: "Message" }).focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Stop" }));
    await user.keyboard("{Enter}");
    expect(stop).toHaveBeenCalled();
  });
});

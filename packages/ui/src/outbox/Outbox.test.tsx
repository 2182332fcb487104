import type { OutboxItem } from "@tandem/react";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Chat } from "../chat/Chat.js";
import { createClient, dispatch, expectNoAxeViolations, renderWith, runStarted } from "../test/harness.js";

const fill = (client: ReturnType<typeof createClient>, outbox: OutboxItem[], status: "idle" | "running" | "error" = "idle") =>
  act(() => client.store.update((s) => ({ ...s, outbox, status })));

const items = () =>
  screen.queryAllByTestId("queued-message").map((li) => `${li.dataset.state}: ${li.querySelector(".tandem-outbox__text")?.textContent}`);

describe("<Outbox> in <Chat>", () => {
  it("keeps Send enabled while the agent replies", () => {
    const client = createClient();
    renderWith(client, <Chat />);
    dispatch(client, runStarted());
    fireEvent.change(screen.getByRole("textbox", { name: "Message" }), { target: { value: "and another thing" } });
    expect(screen.getByRole("button", { name: "Send" })).toHaveProperty("disabled", false);
    expect(screen.getByRole("button", { name: "Stop" })).toBeTruthy();
  });

  it("lists queued messages with their state in words and a Remove button each, and says when they go", async () => {
    const client = createClient();
    const { container } = renderWith(client, <Chat />);
    fill(
      client,
      [
        { id: "q1", content: "two", state: "queued" },
        { id: "q2", content: "three", state: "queued" },
      ],
      "running",
    );
    const list = screen.getByRole("list", { name: "Messages to send" });
    expect(within(list).getAllByText("Queued")).toHaveLength(2);
    expect(items()).toEqual(["queued: two", "queued: three"]);
    expect(screen.getByTestId("outbox-status").textContent).toBe("2 messages will be sent when the agent finishes.");
    expect(screen.queryByRole("button", { name: "Send now" })).toBeNull();
    await expectNoAxeViolations(container);
    fireEvent.click(screen.getByRole("button", { name: "Remove queued message: two" }));
    expect(items()).toEqual(["queued: three"]);
    expect(client.state.outbox.map((i) => i.id)).toEqual(["q2"]);
  });

  it("after a Stop says the messages were not sent, and Send now sends them on", () => {
    const client = createClient();
    const sendOn = vi.spyOn(client.outbox, "sendOn").mockImplementation(() => {});
    renderWith(client, <Chat />);
    fill(client, [{ id: "q1", content: "two", state: "held" }]);
    expect(screen.getByText("Not sent")).toBeTruthy();
    expect(screen.getByTestId("outbox-status").textContent).toBe("Stopped: 1 message not sent.");
    fill(client, [{ id: "q1", content: "two", state: "held" }], "error");
    expect(screen.getByTestId("outbox-status").textContent).toBe("The reply failed: 1 message not sent.");
    fireEvent.click(screen.getByRole("button", { name: "Send now" }));
    expect(sendOn).toHaveBeenCalledOnce();
  });

  it("a message whose connection is refused while online says the agent can't be reached, keeps the message, and announces no finished reply", async () => {
    const client = createClient();
    // A first wait no test sits through: nothing is tried again while it runs.
    client.outbox.backoff = { delayMs: 3_600_000, maxDelayMs: 3_600_000 };
    renderWith(client, <Chat />);
    const box = screen.getByRole("textbox", { name: "Message" });
    fireEvent.change(box, { target: { value: "anyone there?" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect((await screen.findByRole("alert")).textContent).toContain("The agent can't be reached");
    expect(items()).toEqual(["unreachable: anyone there?"]);
    expect(screen.getByText("Not sent yet")).toBeTruthy();
    expect(screen.getByTestId("outbox-status").textContent).toBe("Trying again: 1 message will be sent when the agent answers.");
    expect(screen.queryByText(/Waiting for connection/)).toBeNull();
    expect(screen.getByTestId("tandem-announcer").textContent).not.toContain("Reply finished");
    expect(screen.queryAllByTestId("message")).toEqual([]);
    // Not put back in the box as well: it is in the outbox.
    expect((box as HTMLTextAreaElement).value).toBe("");
    expect(screen.getByRole("button", { name: "Send now" })).toBeTruthy();
    client.dispose();
  });

  it("a message sent offline waits for the connection, not as an error, and no reply is said to have finished", async () => {
    const client = createClient();
    renderWith(client, <Chat />);
    fill(client, [{ id: "w1", content: "from a train", state: "waiting" }]);
    expect(screen.getByText("Waiting for connection")).toBeTruthy();
    expect(screen.getByTestId("outbox-status").textContent).toBe(
      "Waiting for connection: 1 message will be sent when you are back online.",
    );
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("button", { name: "Send now" })).toBeTruthy();
  });

  it("takes its words from the labels", () => {
    const client = createClient();
    renderWith(
      client,
      <Chat
        labels={{
          outbox: "À envoyer",
          outboxState: () => "En attente",
          outboxStatus: ({ count }) => `${count} en attente`,
          removeQueued: (text) => `Retirer ${text}`,
          remove: "Retirer",
        }}
      />,
    );
    fill(client, [{ id: "q1", content: "deux", state: "queued" }], "running");
    expect(screen.getByRole("list", { name: "À envoyer" })).toBeTruthy();
    expect(screen.getByText("En attente")).toBeTruthy();
    expect(screen.getByTestId("outbox-status").textContent).toBe("1 en attente");
    expect(screen.getByRole("button", { name: "Retirer deux" }).textContent).toBe("Retirer");
  });
});

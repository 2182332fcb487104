import type { AgentClient } from "@tandem/core";
import { useHumanInTheLoop } from "@tandem/react";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Chat } from "../chat/Chat.js";
import { awaitInput, createClient, dispatch, renderWith, runStarted, say, toolCall } from "../test/harness.js";

function Tools() {
  useHumanInTheLoop({
    name: "delete_file",
    description: "Deletes a file from the workspace",
    parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
  });
  return null;
}

const confirmations = () => screen.getAllByRole("group", { name: /Allow the agent to run/ });

function pendingDelete(client: AgentClient, ...ids: string[]) {
  dispatch(
    client,
    runStarted(),
    say("a1", "I will delete files."),
    ...ids.map((id) => toolCall(id, "delete_file", { path: `/tmp/${id}` }, "a1")),
  );
  awaitInput(client, ...ids);
}

describe("Confirmation", () => {
  it("shows what the agent wants to do with Approve and Reject, and takes focus", () => {
    const client = createClient();
    renderWith(
      client,
      <>
        <Tools />
        <Chat />
      </>,
    );
    pendingDelete(client, "c1");
    const group = screen.getByRole("group", { name: "Tool call: delete_file" });
    expect(group.dataset.status).toBe("awaiting-input");
    const confirmation = within(group).getByRole("group", { name: "Allow the agent to run delete_file?" });
    expect(within(confirmation).getByText("Deletes a file from the workspace")).toBeTruthy();
    expect(confirmation.getAttribute("aria-describedby")).toBeTruthy();
    expect(within(confirmation).getByText(/"path": "\/tmp\/c1"/)).toBeTruthy();
    expect(document.activeElement).toBe(within(confirmation).getByRole("button", { name: "Approve" }));
  });

  it("Approve sends { approved: true } and disables both buttons", () => {
    const client = createClient();
    const respond = vi.spyOn(client, "respond").mockImplementation(() => {});
    renderWith(
      client,
      <>
        <Tools />
        <Chat />
      </>,
    );
    pendingDelete(client, "c1");
    fireEvent.click(screen.getByRole("button", { name: "Approve" }));
    expect(respond).toHaveBeenCalledExactlyOnceWith("c1", { approved: true });
    expect((screen.getByRole("button", { name: "Approve" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Reject" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Reject" }));
    expect(respond).toHaveBeenCalledOnce();
  });

  it("Reject sends { approved: false, reason } with the optional reason", () => {
    const client = createClient();
    const respond = vi.spyOn(client, "respond").mockImplementation(() => {});
    renderWith(
      client,
      <>
        <Tools />
        <Chat />
      </>,
    );
    pendingDelete(client, "c1");
    fireEvent.change(screen.getByRole("textbox", { name: "Reason (optional)" }), { target: { value: " keep it " } });
    fireEvent.click(screen.getByRole("button", { name: "Reject" }));
    expect(respond).toHaveBeenCalledWith("c1", { approved: false, reason: "keep it" });
  });

  it("Reject without a reason sends no reason", () => {
    const client = createClient();
    const respond = vi.spyOn(client, "respond").mockImplementation(() => {});
    renderWith(
      client,
      <>
        <Tools />
        <Chat />
      </>,
    );
    pendingDelete(client, "c1");
    fireEvent.click(screen.getByRole("button", { name: "Reject" }));
    expect(respond).toHaveBeenCalledWith("c1", { approved: false });
  });

  it("Escape rejects, from the buttons or the reason field", async () => {
    const client = createClient();
    const respond = vi.spyOn(client, "respond").mockImplementation(() => {});
    renderWith(
      client,
      <>
        <Tools />
        <Chat />
      </>,
    );
    pendingDelete(client, "c1");
    const user = userEvent.setup();
    await user.keyboard("{Tab}"); // Approve -> Reject
    await user.keyboard("{Escape}");
    expect(respond).toHaveBeenCalledExactlyOnceWith("c1", { approved: false });
  });

  it("keeps two pending confirmations apart, each answering its own call", () => {
    const client = createClient();
    const respond = vi.spyOn(client, "respond").mockImplementation(() => {});
    renderWith(
      client,
      <>
        <Tools />
        <Chat />
      </>,
    );
    pendingDelete(client, "c1", "c2");
    const [first, second] = confirmations();
    expect(within(first!).getByText(/\/tmp\/c1/)).toBeTruthy();
    expect(within(second!).getByText(/\/tmp\/c2/)).toBeTruthy();
    // Focus goes to the first; the second does not steal it.
    expect(document.activeElement).toBe(within(first!).getByRole("button", { name: "Approve" }));

    fireEvent.change(within(second!).getByRole("textbox", { name: "Reason (optional)" }), { target: { value: "no" } });
    fireEvent.click(within(second!).getByRole("button", { name: "Reject" }));
    expect(respond).toHaveBeenLastCalledWith("c2", { approved: false, reason: "no" });
    expect((within(first!).getByRole("button", { name: "Approve" }) as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(within(first!).getByRole("button", { name: "Approve" }));
    expect(respond).toHaveBeenLastCalledWith("c1", { approved: true });
    expect(respond).toHaveBeenCalledTimes(2);
  });

  it("with the real run loop, each answer completes its own call and the next one takes focus", async () => {
    const client = createClient({
      initialMessages: [
        { id: "u", role: "user", content: "clean up" },
        {
          id: "a1",
          role: "assistant",
          toolCalls: [
            { id: "c1", type: "function", function: { name: "delete_file", arguments: '{"path":"/a"}' } },
            { id: "c2", type: "function", function: { name: "delete_file", arguments: '{"path":"/b"}' } },
          ],
        },
      ],
    });
    const respond = vi.spyOn(client, "respond");
    // After both answers the follow-up run would go to the network: keep it local.
    vi.spyOn(await client.transport, "run").mockImplementation(() => {
      throw new Error("offline");
    });
    renderWith(
      client,
      <>
        <Tools />
        <Chat />
      </>,
    );
    await act(async () => {}); // the run loop picks the pending calls up
    expect(client.state.status).toBe("awaiting-input");
    const [first, second] = confirmations();
    expect(document.activeElement).toBe(within(first!).getByRole("button", { name: "Approve" }));

    await act(async () => {
      fireEvent.click(within(first!).getByRole("button", { name: "Approve" }));
    });
    expect(respond).toHaveBeenCalledWith("c1", { approved: true });
    const groups = screen.getAllByRole("group", { name: "Tool call: delete_file" });
    await waitFor(() => expect(groups[0]!.dataset.status).toBe("complete"));
    expect(groups[1]!.dataset.status).toBe("awaiting-input");
    expect(document.activeElement).toBe(within(second!).getByRole("button", { name: "Approve" }));

    await act(async () => {
      fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    });
    expect(respond).toHaveBeenCalledWith("c2", { approved: false });
    await waitFor(() => expect(groups[1]!.dataset.status).toBe("complete"));
    expect(client.state.messages.filter((m) => m.role === "tool").map((m) => [m.toolCallId, m.content])).toEqual([
      ["c1", '{"approved":true}'],
      ["c2", '{"approved":false}'],
    ]);
    // Focus goes back to the composer once nothing is left to answer.
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Message" }));
  });

  it("moves focus to a confirmation that appears while the user is in the composer", async () => {
    const client = createClient();
    renderWith(
      client,
      <>
        <Tools />
        <Chat />
      </>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("textbox", { name: "Message" }));
    pendingDelete(client, "c1");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Approve" }));
  });
});

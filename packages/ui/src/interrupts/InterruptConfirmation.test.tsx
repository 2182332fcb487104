import type { AgentClient } from "@tandem/core";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Chat } from "../chat/Chat.js";
import { createClient, dispatch, expectNoAxeViolations, renderWith, runFinished, runStarted, toolCall } from "../test/harness.js";

const EMAIL = { type: "object", properties: { to: { type: "string", minLength: 3 }, subject: { type: "string" } }, required: ["to"] };

function ask(client: AgentClient, ...interrupts: object[]) {
  dispatch(client, runStarted(), toolCall("c1", "send_email", { to: "bob@example.com", subject: "Hi", priority: 2 }));
  dispatch(client, runFinished("r", { type: "interrupt", interrupts }));
}

const spyResolve = (client: AgentClient) => vi.spyOn(client, "resolveInterrupt").mockResolvedValue(undefined);
const approval = (name = "send_email") => screen.findByRole("group", { name: `Allow the agent to run ${name}?` });

describe("approval interrupts", () => {
  it("draw an interrupt bound to a tool call as a confirmation that takes focus; Escape rejects", async () => {
    const client = createClient();
    const resolve = spyResolve(client);
    renderWith(client, <Chat />);
    ask(client, { id: "i1", reason: "tool_approval", toolCallId: "c1", message: "Send this email?" });
    const group = await approval();
    expect(within(group).getByText("Send this email?")).toBeTruthy();
    expect(within(group).getByText(/bob@example.com/)).toBeTruthy();
    expect(document.activeElement).toBe(within(group).getByRole("button", { name: "Approve" }));
    expect(within(group).queryByRole("button", { name: "Edit arguments" })).toBeNull();
    // The call's card says it waits for you, and asks nothing itself: the interrupt does.
    const card = screen.getByRole("group", { name: "Tool call: send_email" });
    expect(card.dataset.status).toBe("awaiting-input");
    expect(within(card).queryByRole("button", { name: "Approve" })).toBeNull();
    fireEvent.keyDown(group, { key: "Escape" });
    expect(resolve).toHaveBeenCalledWith("i1", { approved: false });
  });

  it("draw an interrupt asking for an approved boolean as Approve / Reject, not a form", async () => {
    const client = createClient();
    const resolve = spyResolve(client);
    renderWith(client, <Chat />);
    dispatch(client, runStarted());
    dispatch(
      client,
      runFinished("r", {
        type: "interrupt",
        interrupts: [
          { id: "i1", reason: "delete_files", responseSchema: { type: "object", properties: { approved: { type: "boolean" } } } },
        ],
      }),
    );
    expect(screen.queryByRole("form")).toBeNull();
    fireEvent.click(within(await screen.findByRole("group", { name: "Delete files" })).getByRole("button", { name: "Approve" }));
    expect(resolve).toHaveBeenCalledWith("i1", { approved: true });
  });

  it("edit the arguments in a form from the tool's schema, show the change, and approve the full replacement", async () => {
    const client = createClient();
    client.registerTool({ name: "send_email", parameters: EMAIL, handler: () => "sent" });
    const resolve = spyResolve(client);
    renderWith(client, <Chat interrupts={{ approveWithEdits: ["send_email"] }} />);
    ask(client, { id: "i1", reason: "tool_approval", toolCallId: "c1" });
    const group = await approval();
    fireEvent.click(within(group).getByRole("button", { name: "Edit arguments" }));
    const to = await within(group).findByRole("textbox", { name: /to/ });
    expect(document.activeElement).toBe(to);
    expect((to as HTMLInputElement).value).toBe("bob@example.com");
    fireEvent.change(to, { target: { value: "carol@example.com" } });
    const diff = within(group).getByTestId("args-diff");
    await expectNoAxeViolations(group);
    expect(within(diff).getByText("bob@example.com").tagName).toBe("DEL");
    expect(within(diff).getByText("carol@example.com").tagName).toBe("INS");
    fireEvent.click(within(group).getByRole("button", { name: "Approve" }));
    await waitFor(() =>
      expect(resolve).toHaveBeenCalledWith("i1", { approved: true, editedArgs: { to: "carol@example.com", subject: "Hi", priority: 2 } }),
    );
  });

  it("refuse edited arguments the schema does not allow, and say why", async () => {
    const client = createClient();
    client.registerTool({ name: "send_email", parameters: EMAIL, handler: () => "sent" });
    const resolve = spyResolve(client);
    renderWith(client, <Chat interrupts={{ approveWithEdits: true }} />);
    ask(client, { id: "i1", reason: "tool_approval", toolCallId: "c1" });
    const group = await approval();
    fireEvent.click(within(group).getByRole("button", { name: "Edit arguments" }));
    fireEvent.change(await within(group).findByRole("textbox", { name: /to/ }), { target: { value: "" } });
    fireEvent.click(within(group).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(within(group).getByText("Required")).toBeTruthy());
    fireEvent.change(within(group).getByRole("textbox", { name: /to/ }), { target: { value: "x" } });
    fireEvent.click(within(group).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(within(group).getByRole("alert").textContent).toMatch(/\/to/));
    expect(resolve).not.toHaveBeenCalled();
  });

  it("edit as JSON text where no schema is known, when the agent advertises approveWithEdits", async () => {
    const client = createClient();
    const resolve = spyResolve(client);
    act(() => client.store.update((s) => ({ ...s, capabilities: { humanInTheLoop: { interrupts: true, approveWithEdits: true } } })));
    renderWith(client, <Chat />);
    ask(client, { id: "i1", reason: "tool_approval", toolCallId: "c1" });
    const group = await approval();
    fireEvent.click(within(group).getByRole("button", { name: "Edit arguments" }));
    const json = await within(group).findByRole("textbox", { name: "Arguments (JSON)" });
    fireEvent.change(json, { target: { value: "{ not json" } });
    fireEvent.click(within(group).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(within(group).getByRole("alert").textContent).toBe("Enter valid JSON"));
    fireEvent.change(json, { target: { value: '{"to": "dan"}' } });
    expect(
      within(within(group).getByTestId("args-diff"))
        .getAllByRole("listitem")
        .map((li) => li.dataset.change),
    ).toEqual(["changed", "removed", "removed"]);
    fireEvent.click(within(group).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(resolve).toHaveBeenCalledWith("i1", { approved: true, editedArgs: { to: "dan" } }));
  });
});

describe("expiry", () => {
  it("shows the time left, then says the request expired and offers no enabled Approve", async () => {
    vi.useFakeTimers({ now: Date.UTC(2030, 0, 1, 0, 0, 0), toFake: ["Date", "setTimeout", "clearTimeout"] });
    try {
      const client = createClient();
      const resolve = spyResolve(client);
      renderWith(client, <Chat />);
      ask(client, { id: "i1", reason: "tool_approval", toolCallId: "c1", expiresAt: "2030-01-01T00:01:05Z" });
      // The approval loads with the first one (no polling under fake timers: let the import settle).
      await act(() => import("./InterruptConfirmation.js"));
      const group = screen.getByRole("group", { name: "Allow the agent to run send_email?" });
      expect(within(group).getByText("Expires in 1:05")).toBeTruthy();
      act(() => vi.advanceTimersByTime(5_000));
      expect(within(group).getByText("Expires in 1:00")).toBeTruthy();
      expect(within(group).getByRole("status").textContent).toBe("");
      act(() => vi.advanceTimersByTime(60_000));
      expect(within(group).getByRole("status").textContent).toBe("This request has expired and can no longer be answered.");
      const approve = within(group).getByRole("button", { name: "Approve" }) as HTMLButtonElement;
      expect(approve.disabled).toBe(true);
      fireEvent.keyDown(group, { key: "Escape" });
      expect(resolve).not.toHaveBeenCalled();
      expect(group.dataset.state).toBe("expired");
    } finally {
      vi.useRealTimers();
    }
  });

  it("never expires an interrupt whose expiresAt does not parse", async () => {
    const client = createClient();
    renderWith(client, <Chat />);
    ask(client, { id: "i1", reason: "tool_approval", toolCallId: "c1", expiresAt: "whenever" });
    const group = await approval();
    expect(within(group).queryByText(/Expires in/)).toBeNull();
    expect((within(group).getByRole("button", { name: "Approve" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("disables an expired form interrupt too", async () => {
    const client = createClient();
    renderWith(client, <Chat />);
    ask(client, { id: "i1", reason: "pick", expiresAt: new Date(Date.now() - 1000).toISOString() });
    const form = screen.getByRole("form", { name: "Pick" });
    expect((within(form).getByRole("button", { name: "Resolve" }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(form).getByRole("status").textContent).toMatch(/expired/);
  });
});

describe("several interrupts", () => {
  it("Approve all answers every approval in one resume", async () => {
    const client = createClient();
    renderWith(client, <Chat interrupts={{ answerAll: true }} />);
    ask(
      client,
      { id: "i1", reason: "tool_approval", toolCallId: "c1" },
      { id: "i2", reason: "confirm", responseSchema: { type: "object", properties: { approved: { type: "boolean" } } } },
    );
    const run = vi.spyOn(await client.transport, "run").mockImplementation(() => {
      throw new Error("offline");
    });
    await screen.findAllByRole("button", { name: "Approve" });
    fireEvent.click(within(screen.getByRole("group", { name: "Answer all requests" })).getByRole("button", { name: "Approve all" }));
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(run.mock.calls[0]![0].resume).toEqual([
      { interruptId: "i1", status: "resolved", payload: { approved: true } },
      { interruptId: "i2", status: "resolved", payload: { approved: true } },
    ]);
  });

  it("offers no Approve all unless the app allows it", async () => {
    const client = createClient();
    renderWith(client, <Chat />);
    ask(client, { id: "i1", reason: "tool_approval", toolCallId: "c1" }, { id: "i2", reason: "tool_approval", toolCallId: "c1" });
    expect(screen.queryByRole("button", { name: "Approve all" })).toBeNull();
    expect(await screen.findAllByRole("button", { name: "Approve" })).toHaveLength(2);
  });
});

describe("a cancelled outcome", () => {
  it("is shown and announced as stopped, not as a finished reply", async () => {
    const client = createClient();
    renderWith(client, <Chat />);
    dispatch(client, runStarted());
    dispatch(client, runFinished("r", { type: "cancelled" }));
    expect(screen.getByTestId("run-stopped").textContent).toBe("Stopped");
    expect(screen.getByTestId("tandem-announcer").textContent).toBe("Stopped");
  });
});

describe("labels", () => {
  it("translate every word of approvals, expiry, Approve all and Stopped", async () => {
    const client = createClient();
    client.registerTool({ name: "send_email", parameters: EMAIL, handler: () => "sent" });
    spyResolve(client);
    const german = {
      confirm: (tool: string) => `Darf der Agent ${tool} ausführen?`,
      approve: "Zulassen",
      reject: "Ablehnen",
      arguments: "Argumente",
      editArguments: "Argumente bearbeiten",
      changes: "Änderungen",
      noChanges: "Keine Änderungen",
      expiresIn: (s: number) => `Läuft in ${s} s ab`,
      expired: "Abgelaufen",
      approveAll: "Alle zulassen",
      rejectAll: "Alle ablehnen",
      answerAll: "Alle beantworten",
      stopped: "Angehalten",
    };
    renderWith(client, <Chat labels={german} interrupts={{ approveWithEdits: true, answerAll: true }} />);
    ask(
      client,
      { id: "i1", reason: "tool_approval", toolCallId: "c1", expiresAt: new Date(Date.now() + 60_000).toISOString() },
      { id: "i2", reason: "tool_approval", toolCallId: "c1" },
    );
    const [group] = await screen.findAllByRole("group", { name: "Darf der Agent send_email ausführen?" });
    expect(within(group!).getByText(/^Läuft in \d+ s ab$/)).toBeTruthy();
    fireEvent.click(within(group!).getByRole("button", { name: "Argumente bearbeiten" }));
    expect(within(await within(group!).findByTestId("args-diff")).getByText("Keine Änderungen")).toBeTruthy();
    // Approving an edit that changed nothing sends a plain approval.
    fireEvent.click(within(group!).getByRole("button", { name: "Zulassen" }));
    await waitFor(() => expect(client.resolveInterrupt).toHaveBeenCalledWith("i1", { approved: true }));
    expect(
      within(screen.getByRole("group", { name: "Alle beantworten" }))
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Alle zulassen", "Alle ablehnen"]);
    dispatch(client, runStarted("r2"), runFinished("r2", { type: "cancelled" }));
    expect(screen.getByTestId("run-stopped").textContent).toBe("Angehalten");
  });
});

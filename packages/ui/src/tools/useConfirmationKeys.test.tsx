import { type ToolRenderProps, useHumanInTheLoop } from "@tandem/react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Chat } from "../chat/Chat.js";
import { awaitInput, createClient, dispatch, renderWith, runStarted, say, toolCall } from "../test/harness.js";
import { useConfirmationKeys } from "./useConfirmationKeys.js";

/** A render author's own confirmation: a checkbox list and Approve / Reject, with the hook spread on it. */
function Picker({ respond, status }: ToolRenderProps) {
  const [answered, setAnswered] = useState(false);
  const pending = respond !== undefined && !answered;
  const answer = (accepted: boolean) => {
    setAnswered(true);
    respond?.({ accepted });
  };
  const keys = useConfirmationKeys({ pending, onReject: () => answer(false) });
  return (
    <fieldset aria-label="Pick steps" data-status={status} {...keys}>
      <label>
        <input type="checkbox" defaultChecked disabled={!pending} /> Step one
      </label>
      <button type="button" disabled={!pending} onClick={() => answer(true)}>
        Approve
      </button>
      <button type="button" disabled={!pending} onClick={() => answer(false)}>
        Reject
      </button>
    </fieldset>
  );
}

function MarkedPicker({ respond }: ToolRenderProps) {
  const keys = useConfirmationKeys({ pending: respond !== undefined, onReject: () => respond?.({ approved: false }) });
  return (
    <fieldset aria-label="Confirm changes" {...keys}>
      <button type="button" onClick={() => respond?.({ approved: false })}>
        Reject
      </button>
      <button type="button" data-tandem-autofocus="" onClick={() => respond?.({ approved: true })}>
        Approve
      </button>
    </fieldset>
  );
}

function Tools() {
  useHumanInTheLoop({ name: "pick_steps", render: Picker });
  useHumanInTheLoop({ name: "confirm_changes", render: MarkedPicker });
  useHumanInTheLoop({ name: "delete_file", description: "Deletes a file" });
  return null;
}

function setup() {
  const client = createClient();
  const respond = vi.spyOn(client, "respond");
  renderWith(
    client,
    <>
      <Tools />
      <Chat />
    </>,
  );
  const ask = (...calls: Array<[id: string, name: string]>) => {
    dispatch(client, runStarted(), say("a", "Please confirm."), ...calls.map(([id, name]) => toolCall(id, name, {}, "a")));
    awaitInput(client, ...calls.map(([id]) => id));
  };
  return { client, respond, ask };
}

/**
 * The real run loop over a local transport: the first run ends with these calls (all pending at
 * once), every later run just finishes.
 */
async function setupWithLoop(...calls: Array<[id: string, name: string]>) {
  const client = createClient();
  const respond = vi.spyOn(client, "respond");
  let runs = 0;
  vi.spyOn(await client.transport, "run").mockImplementation(async function* (input) {
    const first = runs++ === 0;
    yield { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId } as never;
    if (first) for (const event of calls.flatMap(([id, name]) => toolCall(id, name, {}, "a"))) yield event as never;
    yield { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId } as never;
  });
  renderWith(
    client,
    <>
      <Tools />
      <Chat />
    </>,
  );
  await act(async () => {
    void client.sendMessage("go");
  });
  await waitFor(() => expect(client.state.status).toBe("awaiting-input"));
  expect(Object.values(client.state.toolCallStatus)).toEqual(calls.map(() => "awaiting-input"));
  return { client, respond };
}

describe("useConfirmationKeys (for render authors)", () => {
  it("takes focus when the confirmation appears: its first control", () => {
    const { ask } = setup();
    ask(["c1", "pick_steps"]);
    expect(document.activeElement).toBe(screen.getByRole("checkbox", { name: "Step one" }));
  });

  it("takes focus on the control marked data-tandem-autofocus", () => {
    const { ask } = setup();
    ask(["c1", "confirm_changes"]);
    const group = screen.getByRole("group", { name: "Confirm changes" });
    expect(document.activeElement).toBe(within(group).getByRole("button", { name: "Approve" }));
  });

  it("Escape rejects through the author's own reject, once", async () => {
    const { ask, respond } = setup();
    ask(["c1", "pick_steps"]);
    const user = userEvent.setup();
    await user.keyboard("{Escape}");
    expect(respond).toHaveBeenCalledExactlyOnceWith("c1", { accepted: false });
    await user.keyboard("{Escape}");
    expect(respond).toHaveBeenCalledOnce();
  });

  it("does not take focus from another pending confirmation the user is answering", async () => {
    const { ask } = setup();
    ask(["c1", "pick_steps"]);
    const first = screen.getByRole("checkbox", { name: "Step one" });
    const user = userEvent.setup();
    await user.tab(); // onto the picker's Approve
    const approve = within(screen.getByRole("group", { name: "Pick steps" })).getByRole("button", { name: "Approve" });
    expect(document.activeElement).toBe(approve);
    expect(first).not.toBe(approve);
    ask(["c2", "confirm_changes"]);
    expect(document.activeElement).toBe(approve);
  });

  it("once answered, hands focus to the next pending confirmation (custom or built-in), then the composer", async () => {
    const { respond } = await setupWithLoop(["c1", "pick_steps"], ["c2", "delete_file"], ["c3", "confirm_changes"]);
    expect(document.activeElement).toBe(screen.getByRole("checkbox", { name: "Step one" }));

    await act(async () => {
      fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    });
    expect(respond).toHaveBeenLastCalledWith("c1", { accepted: false });
    const builtIn = screen.getByRole("group", { name: "Allow the agent to run delete_file?" });
    expect(document.activeElement).toBe(within(builtIn).getByRole("button", { name: "Approve" }));

    await act(async () => {
      fireEvent.click(within(builtIn).getByRole("button", { name: "Approve" }));
    });
    expect(respond).toHaveBeenLastCalledWith("c2", { approved: true });
    const marked = screen.getByRole("group", { name: "Confirm changes" });
    expect(document.activeElement).toBe(within(marked).getByRole("button", { name: "Approve" }));

    // This one stays on screen with its buttons enabled; it stops waiting when the call completes.
    await act(async () => {
      fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    });
    expect(respond).toHaveBeenLastCalledWith("c3", { approved: false });
    expect(screen.getByRole("group", { name: "Tool call: confirm_changes" }).dataset.status).toBe("complete");
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Message" }));
  });

  it("leaves focus alone when the user already moved on before the answer landed", async () => {
    const { client } = await setupWithLoop(["c1", "confirm_changes"]);
    const group = screen.getByRole("group", { name: "Confirm changes" });
    expect(document.activeElement).toBe(within(group).getByRole("button", { name: "Approve" }));
    const box = screen.getByRole("textbox", { name: "Message" });
    act(() => box.focus());
    const other = document.createElement("button");
    document.body.append(other);
    act(() => other.focus());
    // The call is answered from elsewhere: the confirmation stops waiting, focus stays where the user put it.
    await act(async () => client.respond("c1", { approved: true }));
    expect(screen.getByRole("group", { name: "Tool call: confirm_changes" }).dataset.status).toBe("complete");
    expect(document.activeElement).toBe(other);
    other.remove();
  });

  it("works outside <Chat> too", () => {
    const onReject = vi.fn();
    function Standalone() {
      const keys = useConfirmationKeys({ pending: true, onReject });
      return (
        <fieldset aria-label="Standalone" {...keys}>
          <button type="button">OK</button>
        </fieldset>
      );
    }
    render(<Standalone />);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "OK" }));
    fireEvent.keyDown(screen.getByRole("button", { name: "OK" }), { key: "Escape" });
    expect(onReject).toHaveBeenCalledOnce();
  });
});

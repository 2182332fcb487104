import { useComposerDraft, useComposerRuntime } from "@tandem/react";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Chat } from "../chat/Chat.js";
import { createClient, dispatch, renderWith, runError, runFinished, runStarted } from "../test/harness.js";
import { Composer } from "./Composer.js";

const box = () => screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;
const send = () => screen.getByRole("button", { name: "Send" }) as HTMLButtonElement;

describe("Composer", () => {
  it("puts focus back in the message box when Stop goes away with focus on it", async () => {
    const client = createClient();
    renderWith(client, <Composer />);
    dispatch(client, runStarted());
    const stop = screen.getByRole("button", { name: "Stop" });
    stop.focus();
    dispatch(client, runFinished());
    expect(screen.queryByRole("button", { name: "Stop" })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(box()));
    // Pressing Stop does the same.
    dispatch(client, runStarted("r2"));
    const user = userEvent.setup();
    screen.getByRole("button", { name: "Stop" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(document.activeElement).toBe(box()));
  });

  it("keeps Send disabled while the message is empty or whitespace", () => {
    renderWith(createClient(), <Composer />);
    expect(send().disabled).toBe(true);
    fireEvent.change(box(), { target: { value: "   \n " } });
    expect(send().disabled).toBe(true);
    fireEvent.change(box(), { target: { value: "hi" } });
    expect(send().disabled).toBe(false);
  });

  it("sends on Enter and clears the box; Shift+Enter makes a newline", async () => {
    const client = createClient();
    const sendMessage = vi.spyOn(client, "sendMessage").mockResolvedValue(undefined);
    renderWith(client, <Composer />);
    const user = userEvent.setup();
    await user.click(box());
    await user.keyboard("first line{Shift>}{Enter}{/Shift}second");
    expect(box().value).toBe("first line\nsecond");
    expect(sendMessage).not.toHaveBeenCalled();
    await user.keyboard("{Enter}");
    expect(sendMessage).toHaveBeenCalledWith("first line\nsecond");
    expect(box().value).toBe("");
  });

  it("does not send on Enter while the text is whitespace", async () => {
    const client = createClient();
    const sendMessage = vi.spyOn(client, "sendMessage").mockResolvedValue(undefined);
    renderWith(client, <Composer />);
    const user = userEvent.setup();
    await user.click(box());
    await user.keyboard("  {Enter}");
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it("offers Stop while the agent runs, keeps Send for what waits in the outbox, and Stop stops it", () => {
    const client = createClient();
    const stop = vi.spyOn(client, "stop");
    renderWith(client, <Composer />);
    expect(screen.queryByRole("button", { name: "Stop" })).toBeNull();
    dispatch(client, runStarted());
    fireEvent.change(box(), { target: { value: "next" } });
    expect(send().disabled).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Stop" }));
    expect(stop).toHaveBeenCalledOnce();
    expect(screen.queryByRole("button", { name: "Stop" })).toBeNull();
  });

  it("puts the text back when sending fails before anything streams (the actions never reject: the failure is in status)", async () => {
    const client = createClient();
    vi.spyOn(await client.transport, "run").mockImplementation(() => {
      throw new Error("nope");
    });
    renderWith(client, <Composer />);
    fireEvent.change(box(), { target: { value: "keep me" } });
    fireEvent.click(send());
    await waitFor(() => expect(box().value).toBe("keep me"));
  });

  it("puts the text back when the run ends in an error", () => {
    const client = createClient();
    vi.spyOn(client, "sendMessage").mockImplementation(() => new Promise(() => {}));
    renderWith(client, <Composer />);
    fireEvent.change(box(), { target: { value: "keep me" } });
    fireEvent.click(send());
    expect(box().value).toBe("");
    dispatch(client, runStarted(), runError("boom"));
    expect(box().value).toBe("keep me");
  });

  it("does not overwrite what the user typed since", () => {
    const client = createClient();
    vi.spyOn(client, "sendMessage").mockImplementation(() => new Promise(() => {}));
    renderWith(client, <Composer />);
    fireEvent.change(box(), { target: { value: "first" } });
    fireEvent.click(send());
    dispatch(client, runStarted());
    fireEvent.change(box(), { target: { value: "typing again" } });
    dispatch(client, runError("boom"));
    expect(box().value).toBe("typing again");
  });

  it("restores the text after a real network failure (no server) when the client waits for no network", async () => {
    const client = createClient({ network: false });
    renderWith(client, <Chat />);
    fireEvent.change(box(), { target: { value: "hello?" } });
    await act(async () => {
      fireEvent.click(send());
    });
    await waitFor(() => expect(screen.getByRole("alert")).toBeTruthy());
    expect(box().value).toBe("hello?");
    // The message stays in the thread too: Retry resends it, and the restored copy goes away.
    expect(screen.getAllByTestId("message")[0]!.textContent).toBe("hello?");
  });

  it("writes the draft into the provider's composer runtime: what is typed is read there, and what is set there shows", () => {
    const client = createClient();
    let runtime: ReturnType<typeof useComposerRuntime> | null = null;
    function Echo() {
      runtime = useComposerRuntime();
      return <output>{useComposerDraft((s) => s.text)}</output>;
    }
    renderWith(
      client,
      <>
        <Composer />
        <Echo />
      </>,
    );
    fireEvent.change(box(), { target: { value: "typed" } });
    expect(screen.getByRole("status").textContent).toBe("typed");
    act(() => runtime!.setText("from the app"));
    expect(box().value).toBe("from the app");
  });
});

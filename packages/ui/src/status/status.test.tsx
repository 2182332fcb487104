import { act, fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Chat } from "../chat/Chat.js";
import { createClient, dispatch, renderWith, runError, runFinished, runStarted } from "../test/harness.js";

describe("Steps", () => {
  it("lists the steps in progress while the agent runs", () => {
    const client = createClient();
    renderWith(client, <Chat />);
    dispatch(client, runStarted(), { type: "STEP_STARTED", stepName: "plan" }, { type: "STEP_STARTED", stepName: "search" });
    const list = screen.getByRole("list", { name: "Steps in progress" });
    expect([...list.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["plan", "search"]);
    dispatch(client, { type: "STEP_FINISHED", stepName: "plan" });
    expect([...list.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["search"]);
    dispatch(client, runFinished());
    expect(screen.queryByRole("list", { name: "Steps in progress" })).toBeNull();
  });
});

describe("RunError", () => {
  it("shows the error as an alert with Retry, which retries", () => {
    const client = createClient();
    const retry = vi.spyOn(client, "retry").mockResolvedValue(undefined);
    renderWith(client, <Chat />);
    expect(screen.queryByRole("alert")).toBeNull();
    dispatch(client, runStarted(), runError("The model is overloaded"));
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("The model is overloaded");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("goes away when the next run starts", () => {
    const client = createClient();
    renderWith(client, <Chat />);
    dispatch(client, runStarted(), runError("boom"), runStarted("r2"));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("Suggestions", () => {
  it("sends a preset prompt, and disappears once the thread has messages", () => {
    const client = createClient();
    const send = vi.spyOn(client, "sendMessage").mockResolvedValue(undefined);
    renderWith(client, <Chat suggestions={["Plan a trip", { label: "Weather", prompt: "What's the weather in Oslo?" }]} />);
    const group = screen.getByRole("group", { name: "Suggestions" });
    expect(group).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Weather" }));
    expect(send).toHaveBeenCalledWith("What's the weather in Oslo?");
    dispatch(client, runStarted(), { type: "TEXT_MESSAGE_START", messageId: "u", role: "user" });
    expect(screen.queryByRole("group", { name: "Suggestions" })).toBeNull();
  });
});

describe("Reconnecting", () => {
  it('shows and announces "Reconnecting…" while a dropped reply reconnects, then that the agent continues', () => {
    const client = createClient();
    renderWith(client, <Chat />);
    dispatch(client, runStarted());
    expect(screen.queryByTestId("tandem-reconnecting")).toBeNull();
    act(() => client.store.update((s) => ({ ...s, reconnecting: true })));
    expect(screen.getByTestId("tandem-reconnecting").textContent).toBe("Reconnecting…");
    expect(screen.getByRole("status").textContent).toBe("Reconnecting…");
    act(() => client.store.update((s) => ({ ...s, reconnecting: false })));
    expect(screen.queryByTestId("tandem-reconnecting")).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("Agent is continuing…");
  });
});

describe("Following", () => {
  it("says and announces that another tab runs the reply, offers no Stop, and marks the chat root", () => {
    const client = createClient();
    renderWith(client, <Chat />);
    expect(screen.queryByTestId("tandem-following")).toBeNull();
    act(() => client.store.update((s) => ({ ...s, following: true })));
    expect(screen.getByTestId("tandem-following").textContent).toBe("Following a reply running elsewhere");
    expect(screen.getByRole("status").textContent).toBe("Following a reply running elsewhere");
    expect(screen.queryByRole("button", { name: "Stop" })).toBeNull();
    expect(screen.getByTestId("tandem-chat").getAttribute("data-following")).toBe("true");
    act(() => client.store.update((s) => ({ ...s, following: false })));
    expect(screen.queryByTestId("tandem-following")).toBeNull();
    expect(screen.getByTestId("tandem-chat").getAttribute("data-following")).toBe("false");
    expect(screen.getByRole("status").textContent).toBe("");
  });
});

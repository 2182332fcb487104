import type { AgentClient } from "@tandem/core";
import { useInterrupt } from "@tandem/react";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Chat } from "../chat/Chat.js";
import { createClient, dispatch, renderWith, runFinished, runStarted } from "../test/harness.js";

function interrupt(client: AgentClient, ...interrupts: object[]) {
  dispatch(client, runStarted(), runFinished("r", { type: "interrupt", interrupts }));
}

const spyAnswers = (client: AgentClient) => ({
  resolve: vi.spyOn(client, "resolveInterrupt").mockResolvedValue(undefined),
  cancel: vi.spyOn(client, "cancelInterrupt").mockResolvedValue(undefined),
});

describe("InterruptPrompt", () => {
  it("shows the reason and message with a free-form answer when there is no schema", () => {
    const client = createClient();
    const { resolve } = spyAnswers(client);
    renderWith(client, <Chat />);
    interrupt(client, { id: "i1", reason: "needs_budget", message: "How much may I spend?" });
    const form = screen.getByRole("form", { name: "Needs budget" });
    expect(within(form).getByText("How much may I spend?")).toBeTruthy();
    fireEvent.change(within(form).getByRole("textbox", { name: /Response/ }), { target: { value: '{"max": 20}' } });
    fireEvent.click(within(form).getByRole("button", { name: "Resolve" }));
    expect(resolve).toHaveBeenCalledWith("i1", { max: 20 });
  });

  it("sends plain text when the answer is not JSON, and nothing when empty", () => {
    const client = createClient();
    const { resolve } = spyAnswers(client);
    renderWith(client, <Chat />);
    interrupt(client, { id: "i1", reason: "ask" }, { id: "i2", reason: "ask again" });
    const [first, second] = screen.getAllByRole("form");
    fireEvent.change(within(first!).getByRole("textbox"), { target: { value: "blue" } });
    fireEvent.click(within(first!).getByRole("button", { name: "Resolve" }));
    expect(resolve).toHaveBeenLastCalledWith("i1", "blue");
    fireEvent.click(within(second!).getByRole("button", { name: "Resolve" }));
    expect(resolve).toHaveBeenLastCalledWith("i2", undefined);
  });

  it("builds a form from responseSchema with string, number, boolean and enum fields", () => {
    const client = createClient();
    const { resolve } = spyAnswers(client);
    renderWith(client, <Chat />);
    interrupt(client, {
      id: "i1",
      reason: "book_flight",
      responseSchema: {
        type: "object",
        properties: {
          name: { type: "string", title: "Passenger" },
          seats: { type: "integer", description: "How many seats" },
          window: { type: "boolean" },
          cabin: { type: "string", enum: ["economy", "business"] },
          note: { type: "string" },
        },
        required: ["name", "seats", "cabin"],
      },
    });
    const form = screen.getByRole("form", { name: "Book flight" });
    fireEvent.click(within(form).getByRole("button", { name: "Resolve" }));
    expect(resolve).not.toHaveBeenCalled();
    expect(within(form).getAllByText("Required")).toHaveLength(3);
    expect(
      within(form)
        .getByRole("textbox", { name: /Passenger/ })
        .getAttribute("aria-invalid"),
    ).toBe("true");

    fireEvent.change(within(form).getByRole("textbox", { name: /Passenger/ }), { target: { value: "Ada" } });
    fireEvent.change(within(form).getByRole("spinbutton", { name: /seats/ }), { target: { value: "2" } });
    fireEvent.click(within(form).getByRole("checkbox", { name: "window" }));
    fireEvent.change(within(form).getByRole("combobox", { name: /cabin/ }), { target: { value: "business" } });
    fireEvent.click(within(form).getByRole("button", { name: "Resolve" }));
    expect(resolve).toHaveBeenCalledWith("i1", { name: "Ada", seats: 2, window: true, cabin: "business" });
  });

  it("rejects a fractional integer", () => {
    const client = createClient();
    const { resolve } = spyAnswers(client);
    renderWith(client, <Chat />);
    interrupt(client, { id: "i1", reason: "count", responseSchema: { type: "object", properties: { n: { type: "integer" } } } });
    fireEvent.change(screen.getByRole("spinbutton", { name: "n" }), { target: { value: "1.5" } });
    fireEvent.click(screen.getByRole("button", { name: "Resolve" }));
    expect(resolve).not.toHaveBeenCalled();
    expect(screen.getByText("Enter a whole number")).toBeTruthy();
  });

  it("Cancel cancels the interrupt", () => {
    const client = createClient();
    const { cancel } = spyAnswers(client);
    renderWith(client, <Chat />);
    interrupt(client, { id: "i1", reason: "approve" });
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(cancel).toHaveBeenCalledWith("i1");
    expect((screen.getByRole("button", { name: "Resolve" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("resolving the last interrupt with the real client removes the prompt and resumes the run", async () => {
    const client = createClient();
    renderWith(client, <Chat />);
    interrupt(client, { id: "i1", reason: "approve" });
    const run = vi.spyOn(await client.transport, "run").mockImplementation(() => {
      throw new Error("offline");
    });
    fireEvent.click(screen.getByRole("button", { name: "Resolve" }));
    expect(screen.queryByRole("form")).toBeNull();
    await waitFor(() => expect(run).toHaveBeenCalled());
    expect(run.mock.calls[0]![0].resume).toEqual([{ interruptId: "i1", status: "resolved" }]);
  });

  it("is replaced by a useInterrupt render", () => {
    const client = createClient();
    const { resolve } = spyAnswers(client);
    function Picker() {
      useInterrupt({
        render: ({ interrupt: i, resolve: answer }) => (
          <div data-testid="interrupt-picker">
            <button type="button" onClick={() => answer({ pick: i.id })}>
              Pick
            </button>
          </div>
        ),
      });
      return null;
    }
    renderWith(
      client,
      <>
        <Picker />
        <Chat />
      </>,
    );
    interrupt(client, { id: "i7", reason: "choose" });
    expect(screen.queryByRole("form")).toBeNull();
    fireEvent.click(within(screen.getByTestId("interrupt-picker")).getByRole("button", { name: "Pick" }));
    expect(resolve).toHaveBeenCalledWith("i7", { pick: "i7" });
  });
});

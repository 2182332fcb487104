import { fireEvent, screen, within } from "@testing-library/react";
import { createRef } from "react";
import { describe, expect, it, vi } from "vitest";
import { createClient, dispatch, renderWith, runStarted } from "../test/harness.js";
import { Suggestions, SuggestionsItem } from "./Suggestions.js";

describe("Suggestions parts", () => {
  it("composes the app's own items, links too (asChild), each sending its prompt", () => {
    const client = createClient();
    const send = vi.spyOn(client, "sendMessage").mockResolvedValue(undefined);
    const ref = createRef<HTMLFieldSetElement>();
    renderWith(
      client,
      <Suggestions ref={ref} className="mine" data-place="empty">
        <SuggestionsItem prompt="Plan a trip to Oslo">Trip</SuggestionsItem>
        <SuggestionsItem prompt="What's the weather?" asChild>
          <a href="#weather">Weather</a>
        </SuggestionsItem>
      </Suggestions>,
    );
    const group = screen.getByRole("group", { name: "Suggestions" });
    expect(ref.current).toBe(group);
    expect([...group.classList]).toEqual(["tandem-suggestions", "mine"]);
    expect(group.dataset.place).toBe("empty");
    fireEvent.click(within(group).getByRole("button", { name: "Trip" }));
    fireEvent.click(within(group).getByRole("link", { name: "Weather" }));
    expect(send.mock.calls).toEqual([["Plan a trip to Oslo"], ["What's the weather?"]]);
  });

  it("gives the prompt to the group's onSelect instead of sending, after the item's own onClick", () => {
    const client = createClient();
    const send = vi.spyOn(client, "sendMessage").mockResolvedValue(undefined);
    const order: string[] = [];
    renderWith(
      client,
      <Suggestions
        suggestions={["Hello", { label: "Weather", prompt: "Weather in Oslo?" }]}
        onSelect={(prompt) => order.push(`select ${prompt}`)}
      >
        <SuggestionsItem prompt="Hello" onClick={() => order.push("click")} />
        <SuggestionsItem prompt="Stay" onClick={(event) => event.preventDefault()} />
      </Suggestions>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Hello" }));
    fireEvent.click(screen.getByRole("button", { name: "Stay" }));
    expect(order).toEqual(["click", "select Hello"]);
    expect(send).not.toHaveBeenCalled();
  });

  it("disables its items, with data-disabled, while the agent replies", () => {
    const client = createClient();
    renderWith(client, <Suggestions suggestions={["Hello"]} />);
    const item = screen.getByRole("button", { name: "Hello" }) as HTMLButtonElement;
    expect(item.disabled).toBe(false);
    expect(item.hasAttribute("data-disabled")).toBe(false);
    dispatch(client, runStarted());
    expect(item.disabled).toBe(true);
    expect(item.getAttribute("data-disabled")).toBe("");
  });

  it("draws nothing without suggestions or items", () => {
    const { container } = renderWith(createClient(), <Suggestions suggestions={[]} />);
    expect(container.innerHTML).toBe("");
  });
});

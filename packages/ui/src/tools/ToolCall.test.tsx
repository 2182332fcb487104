import { type ToolRender, useFrontendTool, useToolRenderer } from "@tandem/react";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Chat } from "../chat/Chat.js";
import {
  awaitInput,
  createClient,
  dispatch,
  renderWith,
  runStarted,
  setToolStatus,
  toolArgs,
  toolCall,
  toolEnd,
  toolResult,
  toolStart,
} from "../test/harness.js";

const card = (name = "search") => screen.getByRole("group", { name: `Tool call: ${name}` });
const toggle = (group: HTMLElement) => within(group).getByRole("button", { name: /search|get_weather/ });

describe("ToolCall card", () => {
  it("shows the arguments as pretty JSON while they stream", () => {
    const client = createClient();
    renderWith(client, <Chat />);
    dispatch(client, runStarted(), toolStart("c1", "search"), toolArgs("c1", '{"query": "tand'));
    const group = card();
    expect(group.dataset.status).toBe("streaming");
    expect(within(group).getByText("Preparing")).toBeTruthy();
    expect(group.querySelector(".tandem-tool-card__args")!.textContent).toBe('{\n  "query": "tand"\n}');
    dispatch(client, toolArgs("c1", 'em", "limit": 3}'));
    expect(group.querySelector(".tandem-tool-card__args")!.textContent).toBe('{\n  "query": "tandem",\n  "limit": 3\n}');
  });

  it("falls back to the raw text when nothing parses yet", () => {
    const client = createClient();
    renderWith(client, <Chat />);
    dispatch(client, runStarted(), toolStart("c1", "search"), toolArgs("c1", "  "));
    expect(card().querySelector(".tandem-tool-card__args")!.textContent).toBe("  ");
  });

  it("shows Running while it executes, open", () => {
    const client = createClient();
    renderWith(client, <Chat />);
    dispatch(client, runStarted(), toolCall("c1", "search", { q: 1 }));
    const group = card();
    expect(group.dataset.status).toBe("executing");
    expect(within(group).getByText("Running")).toBeTruthy();
    expect(toggle(group).getAttribute("aria-expanded")).toBe("true");
  });

  it("shows tool-call-progress activity on the running call's card, not as a row of its own", () => {
    const client = createClient();
    renderWith(client, <Chat />);
    const progress = (value: number, message: string) => ({
      type: "ACTIVITY_SNAPSHOT",
      messageId: "tool_call:c1",
      activityType: "tool-call-progress",
      content: { type: "tool-call-progress", status: "running", progress: value, message },
    });
    dispatch(client, runStarted(), toolCall("c1", "search", { q: 1 }), progress(0.4, "searching..."));
    const bar = within(card()).getByRole("progressbar", { name: "searching..." });
    expect(bar.getAttribute("aria-valuenow")).toBe("40");
    expect(screen.queryAllByRole("progressbar")).toHaveLength(1);
    expect(document.querySelector('[data-testid="message"][data-role="activity"]')).toBeNull();
    dispatch(client, progress(0.9, "almost"));
    expect(within(card()).getByRole("progressbar", { name: "almost" }).getAttribute("aria-valuenow")).toBe("90");
    dispatch(client, toolResult("c1", "done"));
    expect(screen.queryAllByRole("progressbar")).toHaveLength(0);
  });

  it("shows progress that names its call in content.toolCallId on that call's card too", () => {
    const client = createClient();
    renderWith(client, <Chat />);
    dispatch(client, runStarted(), toolCall("c1", "search", { q: 1 }), {
      type: "ACTIVITY_SNAPSHOT",
      messageId: "progress-1",
      activityType: "tool-call-progress",
      content: { toolCallId: "c1", progress: 0.25, message: "reading" },
    });
    expect(within(card()).getByRole("progressbar", { name: "reading" }).getAttribute("aria-valuenow")).toBe("25");
    expect(screen.queryAllByRole("progressbar")).toHaveLength(1);
    expect(document.querySelector('[data-testid="message"][data-role="activity"]')).toBeNull();
  });

  it("shows tool-call-progress for a call the thread does not have as its own row", () => {
    const client = createClient();
    renderWith(client, <Chat />);
    dispatch(client, runStarted(), {
      type: "ACTIVITY_SNAPSHOT",
      messageId: "tool_call:elsewhere",
      activityType: "tool-call-progress",
      content: { progress: 0.5, message: "indexing" },
    });
    expect(screen.getByRole("progressbar", { name: "indexing" }).getAttribute("aria-valuenow")).toBe("50");
  });

  it("collapses once complete and shows the result when opened", () => {
    const client = createClient();
    renderWith(client, <Chat />);
    dispatch(client, runStarted(), toolCall("c1", "search", { q: 1 }), toolResult("c1", { hits: 7 }));
    const group = card();
    expect(group.dataset.status).toBe("complete");
    const button = toggle(group);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    const body = document.getElementById(button.getAttribute("aria-controls")!)!;
    expect(body.hidden).toBe(true);
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(body.hidden).toBe(false);
    expect(within(body).getByText(/"hits": 7/)).toBeTruthy();
  });

  it("shows the error of a failed call", () => {
    const client = createClient();
    renderWith(client, <Chat />);
    dispatch(client, runStarted(), toolCall("c1", "search", {}));
    setToolStatus(client, "c1", "error");
    const group = card();
    expect(group.dataset.status).toBe("error");
    expect(within(group).getByText("Failed")).toBeTruthy();
    expect(toggle(group).getAttribute("aria-expanded")).toBe("true");
  });

  it("shows a tool error result's message", () => {
    const client = createClient({
      initialMessages: [
        { id: "a", role: "assistant", toolCalls: [{ id: "c1", type: "function", function: { name: "search", arguments: "{}" } }] },
        { id: "r", role: "tool", toolCallId: "c1", content: "Error: quota", error: 'Tool "search" failed: quota' },
      ],
    });
    renderWith(client, <Chat />);
    setToolStatus(client, "c1", "error");
    expect(within(card()).getByText('Tool "search" failed: quota')).toBeTruthy();
  });
});

describe("custom tool renders", () => {
  function Renderer({ name, render }: { name: string; render: ToolRender }) {
    useToolRenderer({ name, render });
    return null;
  }

  it("replaces the card with a useToolRenderer render for the tool, inside the same group", () => {
    const client = createClient();
    const render = vi.fn(({ args, status, result }) => (
      <div data-testid="weather-card">
        {String(args?.city)} {status} {result ? String((result as { temp: number }).temp) : ""}
      </div>
    ));
    renderWith(
      client,
      <>
        <Renderer name="get_weather" render={render} />
        <Chat />
      </>,
    );
    dispatch(client, runStarted(), toolStart("c1", "get_weather"), toolArgs("c1", '{"city":"Os'));
    expect(screen.getByTestId("weather-card").textContent).toBe("Os streaming ");
    dispatch(client, toolArgs("c1", 'lo"}'), toolEnd("c1"), toolResult("c1", { temp: 3 }));
    expect(screen.getByTestId("weather-card").textContent).toBe("Oslo complete 3");
    const group = card("get_weather");
    expect(group.dataset.status).toBe("complete");
    expect(group.contains(screen.getByTestId("weather-card"))).toBe(true);
    expect(group.querySelector(".tandem-tool-card__toggle")).toBeNull();
  });

  it("uses a '*' render for any tool", () => {
    const client = createClient();
    renderWith(
      client,
      <>
        <Renderer name="*" render={({ name }) => <p>any: {name}</p>} />
        <Chat />
      </>,
    );
    dispatch(client, runStarted(), toolCall("c1", "lookup", {}));
    expect(screen.getByText("any: lookup")).toBeTruthy();
  });

  it("gives a frontend tool's render a respond while it waits, answering its own call", () => {
    const client = createClient();
    const respond = vi.spyOn(client, "respond").mockImplementation(() => {});
    function Picker() {
      useFrontendTool({
        name: "pick",
        render: ({ respond: answer, status }) => (
          <button type="button" disabled={!answer} onClick={() => answer?.({ choice: "b" })}>
            pick ({status})
          </button>
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
    dispatch(client, runStarted(), toolCall("c9", "pick", {}));
    expect((screen.getByRole("button", { name: "pick (executing)" }) as HTMLButtonElement).disabled).toBe(true);
    awaitInput(client, "c9");
    fireEvent.click(screen.getByRole("button", { name: "pick (awaiting-input)" }));
    expect(respond).toHaveBeenCalledWith("c9", { choice: "b" });
  });

  it("keeps the default Approve/Reject for a waiting call when only a '*' render exists", () => {
    const client = createClient();
    function Tools() {
      useFrontendTool({ name: "confirm_it" });
      useToolRenderer({ name: "*", render: ({ name }) => <p>generic {name}</p> });
      return null;
    }
    renderWith(
      client,
      <>
        <Tools />
        <Chat />
      </>,
    );
    dispatch(client, runStarted(), toolCall("c1", "confirm_it", {}));
    expect(screen.getByText("generic confirm_it")).toBeTruthy();
    awaitInput(client, "c1");
    expect(screen.getByRole("button", { name: "Approve" })).toBeTruthy();
  });
});

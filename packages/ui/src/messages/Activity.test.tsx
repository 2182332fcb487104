import type { AgentClient } from "@tandem/core";
import { type ActivityRender, AgentProvider, useActivityRenderer } from "@tandem/react";
import { screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { Chat } from "../chat/Chat.js";
import { createClient, dispatch, renderWith, runStarted, textDelta, textStart, toolCall } from "../test/harness.js";

function Renderer({ type, render }: { type: string; render: ActivityRender }) {
  useActivityRenderer({ type, render });
  return null;
}

const snapshot = (messageId: string, activityType: string, content: object) => ({
  type: "ACTIVITY_SNAPSHOT",
  messageId,
  activityType,
  content,
});
const row = (id: string) => document.querySelector<HTMLElement>(`[data-testid="message"][data-message-id="${id}"]`)!;

describe("Activity", () => {
  it("draws an activity with the app's renderer for its type, in its row", () => {
    const client = createClient();
    renderWith(
      client,
      <>
        <Renderer
          type="plan"
          render={({ content, messageId }) => (
            <ol aria-label={`Plan ${messageId}`}>
              {(content.steps as string[]).map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
          )}
        />
        <Chat />
      </>,
    );
    dispatch(client, runStarted(), snapshot("p1", "plan", { steps: ["search", "write"] }));
    const plan = within(row("p1")).getByRole("list", { name: "Plan p1" });
    expect(
      within(plan)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["search", "write"]);
    const activity = plan.closest<HTMLElement>("[data-activity-type]")!;
    expect(activity.dataset.activityType).toBe("plan");
    expect(activity.classList.contains("tandem-activity--custom")).toBe(true);
    expect(screen.queryByText(/"steps"/)).toBeNull();
  });

  it("uses the '*' renderer for types without their own, and the built-in drawing without any", () => {
    const client = createClient();
    const { rerender } = renderWith(client, <Chat />);
    dispatch(client, runStarted(), snapshot("s1", "search", { query: "tides" }));
    expect(within(row("s1")).getByText("search")).toBeTruthy();
    expect(within(row("s1")).getByText(/"query": "tides"/)).toBeTruthy();

    rerender(
      <AgentProviderFor client={client}>
        <Renderer type="*" render={({ activityType }) => <p>any {activityType}</p>} />
        <Chat />
      </AgentProviderFor>,
    );
    expect(row("s1").textContent).toBe("any search");
  });

  it("keeps tool progress on its tool card, whatever renderers there are; progress of a call not on screen uses the renderer first", () => {
    const client = createClient();
    renderWith(
      client,
      <>
        <Renderer type="*" render={() => <p>catch-all</p>} />
        <Renderer type="tool-call-progress" render={({ content }) => <p>{`custom ${String(content.progress)}`}</p>} />
        <Chat />
      </>,
    );
    dispatch(
      client,
      runStarted(),
      toolCall("c1", "search", { q: 1 }),
      snapshot("tool_call:c1", "tool-call-progress", { progress: 0.4, message: "searching" }),
      snapshot("orphan", "tool-call-progress", { progress: 0.7 }),
    );
    const card = screen.getByRole("group", { name: "Tool call: search" });
    expect(within(card).getByRole("progressbar", { name: "searching" }).getAttribute("aria-valuenow")).toBe("40");
    expect(row("tool_call:c1")).toBeNull();
    expect(row("orphan").textContent).toBe("custom 0.7");
    expect(screen.queryByText("catch-all")).toBeNull();
  });

  it("does not draw an activity again while another message streams", () => {
    const client = createClient();
    const render = vi.fn<ActivityRender>(() => <p>plan</p>);
    renderWith(
      client,
      <>
        <Renderer type="plan" render={render} />
        <Chat />
      </>,
    );
    dispatch(client, runStarted(), snapshot("p1", "plan", {}), textStart("a1"));
    const before = render.mock.calls.length;
    for (let i = 0; i < 10; i++) dispatch(client, textDelta("a1", `token ${i} `));
    expect(render.mock.calls.length).toBe(before);
    dispatch(client, snapshot("p1", "plan", { again: true }));
    expect(render.mock.calls.length).toBe(before + 1);
  });
});

/** The harness's provider again, for rerender(). */
function AgentProviderFor({ client, children }: { client: AgentClient; children: ReactNode }) {
  return <AgentProvider client={client}>{children}</AgentProvider>;
}

import { AgentClient } from "@tandem/core";
import { act, cleanup, render, screen } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { AgentProvider } from "./AgentProvider.js";
import type { ActivityRender } from "./renderRegistry.js";
import { useActivityRender, useActivityRenderer } from "./useActivityRenderer.js";
import { useMessage, useMessageIds } from "./useMessages.js";

afterEach(cleanup);

/** A client that publishes at once and never reaches a server. */
const createClient = () =>
  new AgentClient({
    url: "http://127.0.0.1:9/unused",
    threadId: "t",
    schedule: (cb) => {
      cb();
      return () => {};
    },
  });

const activity = (client: AgentClient, messageId: string, activityType: string, content: object) =>
  act(() => client.store.dispatch({ type: "ACTIVITY_SNAPSHOT", messageId, activityType, content } as never));

/** A transcript as an app would draw it: each activity through its renderer, else its type. */
function Row({ id }: { id: string }) {
  const message = useMessage(id);
  const render = useActivityRender(message?.role === "activity" ? message.activityType : "");
  if (message?.role !== "activity") return null;
  return (
    <li data-testid={id}>
      {render
        ? render({ messageId: id, activityType: message.activityType, content: message.content })
        : `built-in ${message.activityType}`}
    </li>
  );
}

function Transcript() {
  return (
    <ul>
      {useMessageIds().map((id) => (
        <Row key={id} id={id} />
      ))}
    </ul>
  );
}

function Renderer({ type, render }: { type: string; render: ActivityRender }) {
  useActivityRenderer({ type, render });
  return null;
}

const setup = (children: ReactNode) => {
  const client = createClient();
  const result = render(
    <AgentProvider client={client}>
      {children}
      <Transcript />
    </AgentProvider>,
  );
  return { client, ...result };
};

describe("useActivityRenderer", () => {
  it("draws an activity with the renderer for its type, with its content, id and type", () => {
    const { client } = setup(
      <Renderer type="plan" render={({ content, messageId }) => `plan ${messageId}: ${content.steps.join(", ")}`} />,
    );
    activity(client, "p1", "plan", { steps: ["search", "write"] });
    expect(screen.getByTestId("p1").textContent).toBe("plan p1: search, write");
    activity(client, "p1", "plan", { steps: ["search", "write", "check"] });
    expect(screen.getByTestId("p1").textContent).toBe("plan p1: search, write, check");
  });

  it("draws types without a renderer of their own with the '*' one, and leaves them built-in without it", () => {
    const { client, rerender } = setup(<Renderer type="plan" render={() => "plan"} />);
    activity(client, "p1", "plan", {});
    activity(client, "s1", "search", {});
    expect(screen.getByTestId("s1").textContent).toBe("built-in search");
    rerender(
      <AgentProvider client={client}>
        <Renderer type="plan" render={() => "plan"} />
        <Renderer type="*" render={({ activityType }) => `any ${activityType}`} />
        <Transcript />
      </AgentProvider>,
    );
    expect(screen.getByTestId("p1").textContent).toBe("plan");
    expect(screen.getByTestId("s1").textContent).toBe("any search");
  });

  it("lets the latest registration win, and brings the earlier one back when it unmounts", () => {
    function Toggle() {
      const [on, setOn] = useState(true);
      return (
        <>
          <Renderer type="plan" render={() => "first"} />
          {on && <Renderer type="plan" render={() => "second"} />}
          <button type="button" onClick={() => setOn(false)}>
            remove
          </button>
        </>
      );
    }
    const { client } = setup(<Toggle />);
    activity(client, "p1", "plan", {});
    expect(screen.getByTestId("p1").textContent).toBe("second");
    act(() => screen.getByRole("button", { name: "remove" }).click());
    expect(screen.getByTestId("p1").textContent).toBe("first");
  });

  it("calls the latest render function, which sees the component's current values", () => {
    function Counter() {
      const [count, setCount] = useState(0);
      useActivityRenderer({ type: "plan", render: () => `count ${count}` });
      return (
        <button type="button" onClick={() => setCount((c) => c + 1)}>
          more
        </button>
      );
    }
    const { client } = setup(<Counter />);
    activity(client, "p1", "plan", {});
    expect(screen.getByTestId("p1").textContent).toBe("count 0");
    act(() => screen.getByRole("button", { name: "more" }).click());
    // The row redraws with its next message update; the render it calls is already the new one.
    activity(client, "p1", "plan", { again: true });
    expect(screen.getByTestId("p1").textContent).toBe("count 1");
  });

  it("with exact, ignores the '*' renderer", () => {
    let seen: unknown = "unset";
    function Probe() {
      seen = useActivityRender("plan", { exact: true });
      return null;
    }
    setup(
      <>
        <Renderer type="*" render={() => "any"} />
        <Probe />
      </>,
    );
    expect(seen).toBeUndefined();
  });
});

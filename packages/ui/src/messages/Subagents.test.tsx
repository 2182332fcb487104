import { useMessage } from "@tandem/react";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Chat } from "../chat/Chat.js";
import {
  createClient,
  dispatch,
  expectNoAxeViolations,
  renderWith,
  runFinished,
  runStarted,
  say,
  textDelta,
  textStart,
  toolCall,
  toolResult,
} from "../test/harness.js";
import type { MessageProps } from "./Message.js";

type Event = { type: string; [key: string]: unknown };

/** Marks events as a subagent's work (AG-UI 1.0 `subagentRunId`). */
const by = (subagentRunId: string, ...events: (Event | Event[])[]): Event[] => events.flat().map((e) => ({ ...e, subagentRunId }));
const started = (id: string, name: string, extra: object = {}): Event => ({ type: "SUBAGENT_STARTED", subagentRunId: id, name, ...extra });
const finished = (id: string): Event => ({ type: "SUBAGENT_FINISHED", subagentRunId: id });
const failed = (id: string, message: string): Event => ({ type: "SUBAGENT_ERROR", subagentRunId: id, message });

const group = (name: string) => screen.getByRole("group", { name: `Subagent: ${name}` });
const texts = (el: HTMLElement) =>
  within(el)
    .queryAllByTestId("message")
    .map((m) => m.querySelector(".tandem-markdown")?.textContent ?? m.textContent);

describe("subagent groups in the transcript", () => {
  it("draws each subagent as a group with its status, its messages and tool calls; the supervisor's stay outside", () => {
    const client = createClient({ initialMessages: [{ id: "u", role: "user", content: "Write a report" }] });
    const { container } = renderWith(client, <Chat />);
    dispatch(
      client,
      runStarted(),
      say("s1", "I'll delegate."),
      started("sa1", "researcher", { description: "Finds facts" }),
      by("sa1", say("r1", "Looking things up."), toolCall("c1", "search_web", { query: "tides" }, "r1"), toolResult("c1", { hits: 3 })),
    );
    const researcher = group("researcher");
    expect(researcher.dataset.status).toBe("running");
    expect(within(researcher).getByText("Finds facts")).toBeTruthy();
    expect(within(researcher).getByText("Working")).toBeTruthy();
    expect(texts(researcher)).toEqual([expect.stringContaining("Looking things up.")]);
    expect(within(researcher).getByRole("group", { name: "Tool call: search_web" })).toBeTruthy();
    expect(
      within(researcher)
        .getByRole("button", { name: /researcher/ })
        .getAttribute("aria-expanded"),
    ).toBe("true");

    dispatch(client, finished("sa1"), started("sa2", "writer"), by("sa2", say("w1", "Drafting.")));
    expect(researcher.dataset.status).toBe("finished");
    expect(group("writer").dataset.status).toBe("running");
    dispatch(client, finished("sa2"), say("s2", "Here is the summary."), runFinished());
    expect(group("writer").dataset.status).toBe("finished");

    // Order: the user's message, the supervisor, the researcher's group, the writer's, the summary.
    const log = screen.getByRole("log");
    const top = [...log.querySelectorAll<HTMLElement>('[data-testid="message"], [aria-label^="Subagent:"]')]
      .filter((el) => !el.parentElement?.closest('[aria-label^="Subagent:"]'))
      .map((el) => el.getAttribute("aria-label") ?? el.dataset.messageId);
    expect(top).toEqual(["u", "s1", "Subagent: researcher", "Subagent: writer", "s2"]);
    // The supervisor's messages are in no group.
    for (const id of ["s1", "s2"])
      expect(container.querySelector(`[data-message-id="${id}"]`)!.closest('[aria-label^="Subagent:"]')).toBeNull();
    expect(
      within(group("writer"))
        .getAllByTestId("message")
        .map((m) => m.dataset.messageId),
    ).toEqual(["w1"]);
  });

  it("is a disclosure: open while the subagent works, closed once it finished, and the user decides after that", () => {
    const client = createClient();
    renderWith(client, <Chat />);
    dispatch(client, runStarted(), started("sa1", "researcher"), by("sa1", say("r1", "Busy.")));
    const toggle = within(group("researcher")).getByRole("button", { name: /researcher/ });
    const body = document.getElementById(toggle.getAttribute("aria-controls")!)!;
    expect([toggle.getAttribute("aria-expanded"), body.hidden]).toEqual(["true", false]);
    dispatch(client, finished("sa1"));
    expect([toggle.getAttribute("aria-expanded"), body.hidden]).toEqual(["false", true]);
    expect(within(group("researcher")).getByText("Done")).toBeTruthy();
    fireEvent.click(toggle);
    expect([toggle.getAttribute("aria-expanded"), body.hidden]).toEqual(["true", false]);
    expect(body.textContent).toContain("Busy.");
  });

  it("shows a failed subagent as failed, open, with its error", () => {
    const client = createClient();
    renderWith(client, <Chat />);
    dispatch(client, runStarted(), started("sa1", "writer"), by("sa1", say("w1", "Drafting…")), failed("sa1", "Model unavailable"));
    const writer = group("writer");
    expect(writer.dataset.status).toBe("failed");
    expect(within(writer).getByText("Failed")).toBeTruthy();
    expect(within(writer).getByText("Model unavailable")).toBeTruthy();
    expect(
      within(writer)
        .getByRole("button", { name: /writer/ })
        .getAttribute("aria-expanded"),
    ).toBe("true");
  });

  it("shows a subagent that has not said anything yet, where it started", () => {
    const client = createClient({ initialMessages: [{ id: "u", role: "user", content: "Go" }] });
    renderWith(client, <Chat />);
    dispatch(client, runStarted(), say("s1", "Delegating."), started("sa1", "researcher"));
    expect(texts(group("researcher"))).toEqual([]);
    dispatch(client, say("s2", "Meanwhile, I keep talking."));
    const log = screen.getByRole("log");
    const order = [...log.querySelectorAll('[data-message-id], [aria-label^="Subagent:"]')].map(
      (el) => el.getAttribute("aria-label") ?? (el as HTMLElement).dataset.messageId,
    );
    expect(order).toEqual(["u", "s1", "Subagent: researcher", "s2"]);
  });

  it("nests a subagent inside the subagent that started it, and groups attributed work it never announced", () => {
    const client = createClient();
    renderWith(client, <Chat />);
    dispatch(
      client,
      runStarted(),
      started("sa1", "planner"),
      by("sa1", say("p1", "Splitting the work.")),
      started("sa2", "checker", { parentSubagentRunId: "sa1" }),
      by("sa2", say("k1", "Checked.")),
      finished("sa2"),
      finished("sa1"),
      by("anon-1", say("x1", "Tagged without a lifecycle.")),
    );
    // Both finished, so both are closed: open the planner to see the checker inside.
    fireEvent.click(within(group("planner")).getByRole("button", { name: /planner/ }));
    const checker = group("checker");
    expect(group("planner").contains(checker)).toBe(true);
    expect(texts(checker)).toEqual(["Checked."]);
    expect(texts(group("planner"))).toEqual(["Splitting the work.", "Checked."]);
    const anonymous = group("anon-1");
    expect(texts(anonymous)).toEqual(["Tagged without a lifecycle."]);
    expect(anonymous.dataset.status).toBe("running");
    dispatch(client, runFinished());
    expect(anonymous.dataset.status).toBe("finished");
  });

  it("re-renders only the streaming row when a subagent's message streams", () => {
    const history = Array.from({ length: 60 }, (_, i) => ({
      id: `h${i}`,
      role: i % 2 ? ("assistant" as const) : ("user" as const),
      content: `m${i}`,
    }));
    const client = createClient({ initialMessages: history });
    const renders = new Map<string, number>();
    function CountingMessage({ id }: MessageProps) {
      const message = useMessage(id);
      renders.set(id, (renders.get(id) ?? 0) + 1);
      return <p data-testid="message">{String(message?.content ?? "")}</p>;
    }
    renderWith(client, <Chat components={{ Message: CountingMessage }} />);
    dispatch(client, runStarted(), started("sa1", "researcher"), by("sa1", say("r1", "first")), by("sa1", textStart("live")));
    renders.clear();
    for (let i = 0; i < 20; i++) dispatch(client, by("sa1", textDelta("live", `t${i}`)));
    expect(renders.get("live")).toBe(20);
    expect([...renders.keys()]).toEqual(["live"]);
    expect(group("researcher").textContent).toContain("t19");
  });

  it("has no axe violations", async () => {
    const client = createClient();
    const { container } = renderWith(client, <Chat />);
    dispatch(
      client,
      runStarted(),
      say("s1", "Delegating."),
      started("sa1", "researcher", { description: "Finds facts" }),
      by("sa1", say("r1", "Found it."), toolCall("c1", "search_web", {}, "r1")),
      finished("sa1"),
      started("sa2", "writer"),
      failed("sa2", "Model unavailable"),
    );
    await expectNoAxeViolations(container);
  });
});

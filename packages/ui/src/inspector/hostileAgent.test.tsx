import { type MockAgent, startMockAgent } from "@tandem/mock-agent";
import { AgentProvider } from "@tandem/react";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { HOSTILE_RUNS, hostileScript, MANY, prototypeIsClean } from "../../../core/src/test/hostile.js";
import { Chat } from "../chat/Chat.js";
import { AgentInspector } from "./AgentInspector.js";

let agent: MockAgent;
beforeAll(async () => {
  agent = await startMockAgent({ scenario: hostileScript });
});
afterAll(() => agent.close());

const chat = () => screen.getByTestId("tandem-chat");
const lastMessage = () => screen.getAllByTestId("message").at(-1)?.textContent ?? "";

async function send(text: string) {
  fireEvent.change(screen.getByRole("textbox", { name: "Message" }), { target: { value: text } });
  fireEvent.click(screen.getByRole("button", { name: "Send" }));
  // One query, then a cheap check on each of the many DOM changes waitFor watches.
  const root = chat();
  await waitFor(() => expect(root.getAttribute("data-running")).toBe("false"), { timeout: 30_000 });
}

describe("a hostile agent against <Chat> and <AgentInspector> (jsdom, over HTTP)", () => {
  it("no throw into React, nothing on Object.prototype, no markup run; the chat still answers and the inspector lists every run", async () => {
    const errors = vi.spyOn(console, "error");
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { container } = render(
      <AgentProvider url={agent.url} threadId="hostile">
        <Chat />
        <AgentInspector />
      </AgentProvider>,
    );
    const runs = Object.keys(HOSTILE_RUNS);
    for (const run of runs) await send(run);
    await send("hello");
    expect(lastMessage()).toContain("Still here.");
    expect(prototypeIsClean()).toBe(true);
    // The markup arrived and stayed text.
    expect(container.textContent).toContain("<script>");
    expect(container.querySelector("script, [onerror], [onclick], [onload], a[href^='javascript']")).toBeNull();
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
    expect(errors).not.toHaveBeenCalled();
    // Every run in the inspector, the ten thousand events counted, and one announcement for the last.
    await waitFor(() => expect(screen.getAllByTestId("inspector-run")).toHaveLength(runs.length + 1));
    expect(screen.getAllByTestId("inspector-run")[runs.indexOf("many")]!.querySelector("h4")!.textContent).toContain(`${MANY} events`);
    const announcer = within(screen.getByTestId("event-inspector")).getByRole("status");
    await waitFor(() => expect(announcer.textContent).toMatch(/^Run 6 finished: \d+ events\.$/));
  }, 120_000);
});

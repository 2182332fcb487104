import type { Recording } from "@tandem/react";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { oddState } from "../../../core/src/test/hostile.js";
import { createClient, expectNoAxeViolations, renderWith, toolCall, toolResult } from "../test/harness.js";
import { AgentInspector } from "./AgentInspector.js";

type Event = { type: string; [key: string]: unknown };

/** A client whose runs stream `script(runIndex)` over the real run loop (so the inspector sees requests and events). */
async function clientWith(script: (run: number) => Event[], options: Parameters<typeof createClient>[0] = {}) {
  const client = createClient(options);
  let runs = 0;
  vi.spyOn(await client.transport, "run").mockImplementation(async function* (input) {
    const run = runs++;
    yield { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId } as never;
    for (const event of script(run)) yield event as never;
    if (!script(run).some((e) => e.type === "RUN_ERROR"))
      yield { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId } as never;
  });
  return client;
}

const planRun = (): Event[] => [
  { type: "STATE_SNAPSHOT", snapshot: { steps: [{ status: "pending" }, { status: "pending" }] } },
  { type: "STATE_DELTA", delta: [{ op: "replace", path: "/steps/0/status", value: "completed" }] },
  ...toolCall("c1", "get_weather", { city: "Oslo" }, "a1"),
  toolResult("c1", { temperature: 21 }),
  { type: "TEXT_MESSAGE_START", messageId: "a2", role: "assistant" },
  { type: "TEXT_MESSAGE_CONTENT", messageId: "a2", delta: "Sunny in Oslo" },
  { type: "TEXT_MESSAGE_END", messageId: "a2" },
];

/** Clicks "Export recording" and reads the file it downloads. */
async function exported(): Promise<{ download: string; recording: Recording }> {
  let blob: Blob | undefined;
  URL.createObjectURL = vi.fn((b: Blob) => {
    blob = b;
    return "blob:recording";
  });
  URL.revokeObjectURL = vi.fn();
  let download = "";
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    download = this.download;
  });
  fireEvent.click(screen.getByRole("button", { name: "Export recording" }));
  const text = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob!);
  });
  return { download, recording: JSON.parse(text) };
}

async function send(client: Awaited<ReturnType<typeof clientWith>>, text: string) {
  await act(async () => {
    await client.sendMessage(text);
  });
}

describe("<AgentInspector>", () => {
  it("before any run: the export button, an empty timeline, axe clean", async () => {
    const { container } = renderWith(await clientWith(() => []), <AgentInspector />);
    const inspector = screen.getByTestId("event-inspector");
    expect(within(inspector).getByRole("button", { name: "Export recording" })).toBeTruthy();
    expect(within(inspector).getByText("No runs yet.")).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it("shows the run on a timeline with its tool call linked to its result, the request, events and state diffs; axe clean", async () => {
    const client = await clientWith(planRun);
    const { container } = renderWith(client, <AgentInspector />);
    await send(client, "plan it");
    const run = await screen.findByRole("article", { name: /^Run 1: ag-ui/ });
    await waitFor(() => expect(within(run).getByRole("heading").textContent).toMatch(/^Run 1: ag-ui \/unused, 11 events, \d+ ms$/));
    expect(within(run).getByText(/Tool call/).textContent).toMatch(/get_weather at \+\d+ ms → result at \+\d+ ms/);
    fireEvent.click(within(run).getByText("Request sent"));
    expect(within(run).getByText(/"content": "plan it"/)).toBeTruthy();

    const rows = container.querySelectorAll(".tandem-inspector__events > li");
    expect([...rows].map((r) => r.getAttribute("data-event-type"))).toContain("STATE_DELTA");
    // The delta's diff: the path, before and after.
    const delta = container.querySelector('[data-event-type="STATE_DELTA"]')!;
    expect(delta.querySelector("summary")!.textContent).toContain("(1 change)");
    fireEvent.click(delta.querySelector("summary")!);
    const table = within(delta as HTMLElement).getByRole("table", { name: "State changes" });
    expect(table.textContent).toContain("/steps/0/status");
    expect(table.textContent).toMatch(/"pending".*"completed"/);
    expect(screen.getByTestId("inspector-state").textContent).toContain('"completed"');
    await expectNoAxeViolations(container);
    // The first run loads the validation pipeline.
  }, 20_000);

  it("filters by type and searches the payloads", async () => {
    const client = await clientWith(planRun);
    const { container } = renderWith(client, <AgentInspector />);
    await send(client, "plan it");
    await screen.findByRole("article", { name: /Run 1/ });
    fireEvent.change(screen.getByLabelText("Filter by type"), { target: { value: "STATE_SNAPSHOT" } });
    expect(container.querySelectorAll(".tandem-inspector__events > li")).toHaveLength(1);
    fireEvent.change(screen.getByLabelText("Filter by type"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Search events"), { target: { value: "oslo" } });
    const types = [...container.querySelectorAll(".tandem-inspector__events > li")].map((r) => r.getAttribute("data-event-type"));
    expect(types).toEqual(["TOOL_CALL_ARGS", "TEXT_MESSAGE_CONTENT"]);
    expect(screen.getByTestId("inspector-count").textContent).toBe("2 of 11 events shown");
  });

  it("marks an error, and stays axe clean", async () => {
    const client = await clientWith(() => [{ type: "RUN_ERROR", message: "The model is overloaded" }]);
    const { container } = renderWith(client, <AgentInspector theme="dark" />);
    await send(client, "hi");
    const run = await screen.findByRole("article", { name: /Run 1: .* \(error\)/ });
    expect(within(run).getByText(/Error at \+\d+ ms: The model is overloaded/)).toBeTruthy();
    expect(container.querySelector('[data-event-type="RUN_ERROR"]')?.getAttribute("data-error")).toBe("true");
    expect(container.querySelector('.tandem-inspector__mark[data-kind="error"]')).not.toBeNull();
    await expectNoAxeViolations(container);
  });

  it("Export recording downloads the recording as .json, redacted", async () => {
    const client = await clientWith(planRun);
    renderWith(
      client,
      <AgentInspector
        redact={(input) => ({ ...input, messages: input.messages.map((m) => ({ ...m, content: "[redacted]" }) as typeof m) })}
      />,
    );
    await send(client, "my secret");
    await screen.findByRole("article", { name: /Run 1/ });
    const { download, recording } = await exported();
    expect(download).toMatch(/^tandem-recording-.*\.json$/);
    expect(recording).toMatchObject({ version: 1, runs: [{ protocol: "ag-ui", path: "/unused" }] });
    expect(recording.runs[0]!.events.map((e) => e.event.type)).toContain("TOOL_CALL_RESULT");
    expect(JSON.stringify(recording)).not.toContain("my secret");
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalled());
  });

  it("lists each frame the kit refused or stripped in the Diagnostics lane, with its rule, link and frame; the export has them; axe clean", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const client = await clientWith(
      () => [
        { type: "NOT_AN_EVENT", payload: 1 },
        { type: "STATE_DELTA", delta: [{ op: "add", path: "/__proto__/polluted", value: "yes" }] },
        { type: "TEXT_MESSAGE_START", messageId: "a", role: "assistant" },
        { type: "TEXT_MESSAGE_CONTENT", messageId: "a", delta: "still here" },
        { type: "TEXT_MESSAGE_END", messageId: "a" },
      ],
      { diagnostics: 100 },
    );
    const { container } = renderWith(client, <AgentInspector />);
    const lane = screen.getByTestId("inspector-diagnostics");
    expect(lane.getAttribute("data-state")).toBe("clean");
    await send(client, "hostile");
    await waitFor(() => expect(lane.getAttribute("data-state")).toBe("entries"));
    await waitFor(() => expect(within(lane).getAllByTestId("diagnostic")).toHaveLength(2));
    const rows = within(lane).getAllByTestId("diagnostic");
    expect(rows.map((r) => [r.getAttribute("data-rule"), r.getAttribute("data-action")])).toEqual([
      ["event.unknown-type", "stripped"],
      ["patch.forbidden-path", "refused"],
    ]);
    expect(within(lane).getByRole("list", { name: "Diagnostics" })).toBeTruthy();
    fireEvent.click(rows[1]!.querySelector("summary")!);
    expect(rows[1]!.querySelector("summary")!.textContent).toMatch(/^run 1 patch\.forbidden-path refused STATE_DELTA$/);
    expect(within(rows[1]!).getByRole("link", { name: "patch.forbidden-path" }).getAttribute("href")).toMatch(/^https:\/\/.*security\.md#/);
    expect(within(rows[1]!).getByRole("group", { name: "Frame of patch.forbidden-path, run 1" }).textContent).toContain(
      '"/__proto__/polluted"',
    );
    expect(rows[1]!.textContent).toContain("Instead: Refused the whole patch");
    const { recording } = await exported();
    expect(recording.diagnostics?.map((d) => d.rule)).toEqual(["event.unknown-type", "patch.forbidden-path"]);
    await expectNoAxeViolations(container);
  });

  it("the Diagnostics lane says it is off where the client keeps none", async () => {
    const client = await clientWith(() => [{ type: "NOT_AN_EVENT" }]);
    renderWith(client, <AgentInspector />);
    await send(client, "hi");
    await screen.findByRole("article", { name: /Run 1/ });
    const lane = screen.getByTestId("inspector-diagnostics");
    expect(lane.getAttribute("data-state")).toBe("off");
    expect(within(lane).queryAllByTestId("diagnostic")).toEqual([]);
  });

  it("mounted after two runs, lists both with their events", async () => {
    const client = await clientWith(planRun);
    await client.sendMessage("plan it");
    await client.sendMessage("again");
    renderWith(client, <AgentInspector />);
    const runs = await screen.findAllByTestId("inspector-run");
    expect(runs.map((r) => r.querySelector("h4")!.textContent)).toEqual([
      expect.stringMatching(/^Run 1: ag-ui \/unused, 11 events/),
      expect.stringMatching(/^Run 2: ag-ui \/unused, 11 events/),
    ]);
    expect(screen.getByTestId("inspector-count").textContent).toBe("22 of 22 events shown");
  });

  it("announces each run once, when it ends, not while it streams", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const client = createClient();
    vi.spyOn(await client.transport, "run").mockImplementation(async function* (input) {
      yield { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId } as never;
      yield { type: "TEXT_MESSAGE_START", messageId: "a", role: "assistant" } as never;
      for (let i = 0; i < 5; i++) yield { type: "TEXT_MESSAGE_CONTENT", messageId: "a", delta: `${i} ` } as never;
      await gate;
      yield { type: "TEXT_MESSAGE_END", messageId: "a" } as never;
      yield { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId } as never;
    });
    renderWith(client, <AgentInspector />);
    const announcer = within(screen.getByTestId("event-inspector")).getByRole("status");
    const said: string[] = [];
    const observer = new MutationObserver(() => said.push(announcer.textContent ?? ""));
    observer.observe(announcer, { subtree: true, childList: true, characterData: true });
    const sent = client.sendMessage("hi");
    await waitFor(() => expect(screen.getByTestId("inspector-count").textContent).toBe("7 of 7 events shown"));
    expect(announcer.textContent).toBe("");
    await act(async () => {
      release();
      await sent;
    });
    await waitFor(() => expect(announcer.textContent).toBe("Run 1 finished: 9 events."));
    observer.disconnect();
    expect(said.filter((text) => text !== "")).toEqual(["Run 1 finished: 9 events."]);
  });

  it("shows a BigInt and a cycle in the state and in events, without throwing", async () => {
    const odd = oddState();
    const client = await clientWith(() => [{ type: "STATE_SNAPSHOT", snapshot: odd }]);
    const { container } = renderWith(client, <AgentInspector />);
    await send(client, "odd");
    await screen.findByRole("article", { name: /^Run 1/ });
    const state = screen.getByTestId("inspector-state").textContent!;
    expect(state).toContain('"count": "12345678901234567890n"');
    expect(state).toContain('"self": "[Circular]"');
    const snapshot = container.querySelector('[data-event-type="STATE_SNAPSHOT"]')!;
    expect(snapshot.querySelector("summary")!.textContent).toContain("(2 changes)");
    expect(snapshot.querySelector("pre")!.textContent).toContain("12345678901234567890n");
  });

  it("every JSON block is a keyboard stop with a name (a scrolling one can be scrolled without a mouse)", async () => {
    const client = await clientWith(planRun);
    const { container } = renderWith(client, <AgentInspector />);
    await send(client, "plan it");
    await screen.findByRole("article", { name: /^Run 1/ });
    // The view draws what arrived each frame: wait for the whole run's blocks, not the first frame's.
    await waitFor(() => expect(container.querySelectorAll("pre").length).toBeGreaterThan(10));
    const blocks = [...container.querySelectorAll("pre")];
    for (const pre of blocks) {
      expect(pre.tabIndex).toBe(0);
      expect(pre.getAttribute("aria-label")).toBeTruthy();
    }
    expect(screen.getByRole("group", { name: "Request of run 1" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "State" })).toBe(screen.getByTestId("inspector-state"));
    await expectNoAxeViolations(container);
  });
});

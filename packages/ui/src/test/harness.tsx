import { AgentClient } from "@tandem/core";
import { AgentProvider } from "@tandem/react";
import { act, cleanup, type RenderResult, render } from "@testing-library/react";
import axe from "axe-core";
import type { ReactNode } from "react";
import { afterEach, expect, vi } from "vitest";

// Vitest runs without globals here, so Testing Library cannot clean up by itself.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A client whose store publishes synchronously and that never reaches a server on its own. */
export function createClient(
  options: Pick<ConstructorParameters<typeof AgentClient>[0], "initialMessages" | "network" | "diagnostics"> = {},
) {
  return new AgentClient({
    url: "http://127.0.0.1:9/unused",
    eventLog: 20_000,
    threadId: "t",
    schedule: (cb) => {
      cb();
      return () => {};
    },
    ...options,
  });
}

export function renderWith(client: AgentClient, ui: ReactNode): RenderResult {
  return render(<AgentProvider client={client}>{ui}</AgentProvider>);
}

type Event = { type: string; [key: string]: unknown };

/** Dispatches AG-UI events into the client's store, inside act(). */
export function dispatch(client: AgentClient, ...events: (Event | Event[])[]) {
  act(() => {
    for (const event of events.flat()) client.store.dispatch(event as never);
  });
}

export const runStarted = (runId = "r"): Event => ({ type: "RUN_STARTED", threadId: "t", runId });
export const runFinished = (runId = "r", outcome?: object): Event => ({
  type: "RUN_FINISHED",
  threadId: "t",
  runId,
  ...(outcome && { outcome }),
});
export const runError = (message: string): Event => ({ type: "RUN_ERROR", message });

export const textStart = (messageId: string): Event => ({ type: "TEXT_MESSAGE_START", messageId, role: "assistant" });
export const textDelta = (messageId: string, delta: string): Event => ({ type: "TEXT_MESSAGE_CONTENT", messageId, delta });
export const say = (messageId: string, text: string): Event[] => [
  textStart(messageId),
  textDelta(messageId, text),
  { type: "TEXT_MESSAGE_END", messageId },
];

export const toolStart = (toolCallId: string, name: string, parentMessageId = `m-${toolCallId}`): Event => ({
  type: "TOOL_CALL_START",
  toolCallId,
  toolCallName: name,
  parentMessageId,
});
export const toolArgs = (toolCallId: string, delta: string): Event => ({ type: "TOOL_CALL_ARGS", toolCallId, delta });
export const toolEnd = (toolCallId: string): Event => ({ type: "TOOL_CALL_END", toolCallId });
export const toolCall = (toolCallId: string, name: string, args: unknown, parent?: string): Event[] => [
  toolStart(toolCallId, name, parent),
  toolArgs(toolCallId, JSON.stringify(args)),
  toolEnd(toolCallId),
];
export const toolResult = (toolCallId: string, content: unknown): Event => ({
  type: "TOOL_CALL_RESULT",
  messageId: `result-${toolCallId}`,
  toolCallId,
  content: typeof content === "string" ? content : JSON.stringify(content),
});

/** Marks calls as waiting for a person, as the run loop does for a human-in-the-loop tool. */
export function awaitInput(client: AgentClient, ...toolCallIds: string[]) {
  act(() => {
    client.store.update((s) => ({
      ...s,
      status: "awaiting-input",
      toolCallStatus: { ...s.toolCallStatus, ...Object.fromEntries(toolCallIds.map((id) => [id, "awaiting-input" as const])) },
    }));
  });
}

export function setToolStatus(
  client: AgentClient,
  toolCallId: string,
  status: "streaming" | "executing" | "awaiting-input" | "complete" | "error",
) {
  act(() => {
    client.store.update((s) => ({ ...s, toolCallStatus: { ...s.toolCallStatus, [toolCallId]: status } }));
  });
}

/** axe's violations in the container, one line per rule with the offending nodes. */
export async function axeViolations(container: HTMLElement): Promise<string[]> {
  const result = await axe.run(container, {
    // color-contrast is the one rule off: jsdom does no layout or CSS cascade, so axe cannot
    // compute rendered colours (the stylesheet's palettes are chosen for WCAG AA instead).
    rules: { "color-contrast": { enabled: false } },
  });
  return result.violations.map((v) => `${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.html).join("\n  ")}`);
}

export async function expectNoAxeViolations(container: HTMLElement) {
  expect(await axeViolations(container)).toEqual([]);
}

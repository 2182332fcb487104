import { type Context, PROTOCOL_VERSION, type ResumeEntry, type RunAgentInput } from "@ag-ui/core";
import { v4 as randomUUID } from "uuid";
import type { ToolRegistry } from "../tools/registry.js";
import type { ThreadState } from "../types.js";
import { RunFailure } from "./errors.js";
import type { RunRequest } from "./runRequest.js";

/** What goes with a run besides the thread: the app's context, and the answers routed where the agent reads them. */
export interface RunExtras {
  context: Context[];
  resume: ResumeEntry[];
  forwardedProps: Record<string, unknown>;
}

/**
 * The request body of one run: the thread (activity messages stay on the client), the tools as
 * they are now, and the request's own `forwardedProps` over the app's. A tool whose definition
 * cannot be built fails the run as a tool error.
 */
export function runInput(s: ThreadState, tools: ToolRegistry, extras: RunExtras, request: RunRequest): RunAgentInput {
  let definitions: RunAgentInput["tools"];
  try {
    definitions = tools.definitions();
  } catch (error) {
    throw new RunFailure({ kind: "tool", message: (error as Error).message });
  }
  const { context, resume, forwardedProps } = extras;
  return {
    threadId: s.threadId,
    runId: request.resumeRun?.runId ?? randomUUID(),
    state: s.state,
    messages: s.messages.filter((m) => m.role !== "activity"),
    tools: definitions,
    context,
    forwardedProps: request.forwardedProps ? { ...forwardedProps, ...request.forwardedProps } : forwardedProps,
    protocolVersion: PROTOCOL_VERSION,
    ...(resume.length > 0 && { resume }),
  };
}

import type { ToolMessage } from "@ag-ui/core";
import { v4 as randomUUID } from "uuid";
import type { FrontendTool } from "../tools/registry.js";
import { validateArgs } from "../tools/schema.js";
import { toContent } from "../tools/toolCallViews.js";

export interface ToolOutcome {
  content: string;
  /** Set when the call failed: bad arguments, a throwing handler, a cancelled call. */
  error?: string;
}

/** Parses and validates a call's arguments; the error names the tool and what is wrong. */
export async function checkArgs(tool: FrontendTool, argsText: string): Promise<{ ok: true; args: unknown } | { ok: false; error: string }> {
  let args: unknown;
  try {
    args = argsText.trim() === "" ? {} : JSON.parse(argsText);
  } catch (error) {
    return { ok: false, error: `Invalid arguments for tool "${tool.name}": not JSON (${(error as Error).message})` };
  }
  const checked = await validateArgs(tool.parameters, args);
  if (!checked.ok) return { ok: false, error: `Invalid arguments for tool "${tool.name}": ${checked.message}` };
  return { ok: true, args: checked.value };
}

/** Runs a frontend tool's handler; never throws. */
export async function runHandler(
  tool: FrontendTool & { handler: NonNullable<FrontendTool["handler"]> },
  args: unknown,
  toolCallId: string,
  signal: AbortSignal,
): Promise<ToolOutcome> {
  try {
    const result = await tool.handler(args as never, { toolCallId, signal });
    return { content: toContent(result) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return failure(`Tool "${tool.name}" failed: ${message}`);
  }
}

export function failure(error: string): ToolOutcome {
  return { content: `Error: ${error}`, error };
}

export function toolMessage(toolCallId: string, outcome: ToolOutcome): ToolMessage {
  return {
    id: randomUUID(),
    role: "tool",
    toolCallId,
    content: outcome.content,
    ...(outcome.error !== undefined && { error: outcome.error }),
  };
}

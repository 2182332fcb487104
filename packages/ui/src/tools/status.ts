import type { ToolCallStatus } from "@tandem/react";

export const STATUS_LABEL: Record<ToolCallStatus, string> = {
  streaming: "Preparing",
  executing: "Running",
  "awaiting-input": "Waiting for you",
  complete: "Done",
  error: "Failed",
};

/** The call's arguments for display: parsed (partial while streaming) as pretty JSON, else the raw text. */
export function argsText(args: unknown, raw: string): string {
  if (args === undefined) return raw;
  try {
    return JSON.stringify(args, null, 2) ?? raw;
  } catch {
    return raw;
  }
}

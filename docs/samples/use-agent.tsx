import type { InputContent } from "@tandem/core";
import { useAgent } from "@tandem/react";

export function Everything({ messageId, toolCallId, parts }: { messageId: string; toolCallId: string; parts: InputContent[] }) {
  // #region sample
  const a = useAgent();
  a.messages; // AG-UI Message[]
  a.status; // "idle" | "running" | "awaiting-input" | "error"
  a.error; // null | { kind: "http"|"network"|"protocol"|"agent"|"truncated"|"tool", message, status?, code? }
  a.threadId;
  a.isRunning;
  a.steps;
  a.state;
  a.toolCalls; // every tool call: { id, name, args (partial while streaming), status, result?, error? }
  a.interrupts; // pending interrupts
  a.sendMessage("Hello"); // or content parts: a.sendMessage(parts)
  a.stop(); // aborts the request and tool handlers; a clean stop is not an error
  a.retry(); // re-runs after an error, without the failed run's partial output
  a.regenerate(messageId); // asks again for the reply to that message (default: the last) as a new version
  a.editMessage(messageId, "a better question"); // sends an edited user message as a new version of its turn
  a.resolveInterrupt("interrupt-id", { approved: true }); // or a.cancelInterrupt("interrupt-id")
  a.respond(toolCallId, { approved: true }); // answers a human-in-the-loop call
  a.setState({ step: 2 });
  // #endregion sample
  a.sendMessage(parts);
  return null;
}

import type { Message } from "@ag-ui/core";
import { newId, run, textMessage, toolCall, toolResult } from "../steps.js";
import type { Script } from "../types.js";
import { answered, approved, lastUserText } from "./read.js";

function documentFor(request: string): string {
  const topic = request.replace(/^(please\s+)?(write|draft)\s+(me\s+)?(a|an)?\s*/i, "").replace(/[.?!]+$/, "") || "a quiet morning";
  return (
    `A short piece about ${topic}.\n\n` +
    "The light came in slowly, the way it does when nobody is in a hurry. " +
    "Someone put the kettle on, someone else opened a window, and for a while the only news was the weather. " +
    "It was, everyone agreed later, exactly the right way to begin."
  );
}

/**
 * The predicted tool, as the Dojo's reference agents name it: not `write_document`, and its
 * argument is not called after the state key either, so a client has to follow PredictState.
 */
export const PREDICTED_TOOL = "write_document_local";
export const PREDICTED_ARGUMENT = "content";

/** The written argument of the thread's last predicted tool call. */
function lastDocument(messages: Message[]): string {
  const calls = messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []));
  const written = calls.findLast((c) => c.function.name === PREDICTED_TOOL);
  try {
    return String((JSON.parse(written?.function.arguments ?? "{}") as Record<string, unknown>)[PREDICTED_ARGUMENT] ?? "");
  } catch {
    return "";
  }
}

/**
 * Dojo "predictive state updates": PredictState maps write_document_local's `content` argument
 * onto the state key `document` while it streams; confirm_changes asks the user to keep or
 * discard it. Kept: a STATE_SNAPSHOT with the document. Discarded: no state event at all (the
 * client restores what it had).
 */
export const predictiveStateUpdates: Script = (input, { tokenDelayMs }) => {
  const confirmed = answered(input, "confirm_changes");
  if (confirmed) {
    if (!approved(confirmed.result)) return run(input, textMessage("Okay, I discarded the changes.", { tokenDelayMs }));
    const document = lastDocument(input.messages);
    return run(input, [
      { type: "STATE_SNAPSHOT", snapshot: { ...(input.state as object), document } },
      ...textMessage("Saved. The document is updated.", { tokenDelayMs }),
    ]);
  }
  const document = documentFor(lastUserText(input));
  const writeId = newId("write");
  return run(input, [
    { type: "CUSTOM", name: "PredictState", value: [{ state_key: "document", tool: PREDICTED_TOOL, tool_argument: PREDICTED_ARGUMENT }] },
    ...toolCall(
      PREDICTED_TOOL,
      { [PREDICTED_ARGUMENT]: document },
      { toolCallId: writeId, chunks: Math.ceil(document.length / 6), tokenDelayMs },
    ),
    toolResult(writeId, "Document written; waiting for the user to confirm."),
    ...toolCall("confirm_changes", {}, { tokenDelayMs }),
  ]);
};

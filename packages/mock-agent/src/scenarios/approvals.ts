import type { ResumeEntry } from "@ag-ui/core";
import { newId, run, textMessage, toolCall } from "../steps.js";
import type { Script, Step } from "../types.js";
import { lastUserText } from "./read.js";

const EMAIL = { to: "bob@example.com", subject: "Lunch on Friday", body: "Shall we meet at noon?" };

/** How long an interrupt asked for with "expire" (or "expire in N s") stays answerable. */
function expirySeconds(text: string): number {
  const asked = text.match(/(\d+)\s*s/);
  return asked ? Number(asked[1]) : 5;
}

/** What the agent says about each answer it got. */
function describe(entry: ResumeEntry): string {
  if (entry.status === "cancelled") return `${entry.interruptId} was cancelled`;
  const payload = entry.payload as { approved?: boolean; editedArgs?: unknown } | undefined;
  if (!payload?.approved) return `${entry.interruptId} was rejected`;
  return payload.editedArgs
    ? `${entry.interruptId} was approved with edits ${JSON.stringify(payload.editedArgs)}`
    : `${entry.interruptId} was approved`;
}

const approval = (toolCallId: string, extra: Record<string, unknown> = {}) => ({
  id: newId("approval"),
  reason: "tool_approval",
  toolCallId,
  ...extra,
});

/**
 * Approval interrupts (AG-UI 1.0): a tool call, then a run that ends waiting for its approval.
 * "email" (default): the frontend tool send_email, which the app may edit before approving;
 * "email … and delete …": send_email and delete_file, two approvals open at once;
 * "two" or "both": two calls of the agent's delete_file, answered together; "expire" (or
 * "expire in 3 s"): an approval with `expiresAt`; "stop": a run that ends cancelled. The
 * resume is answered by naming each entry's status, and any edited arguments.
 */
export const approvals: Script = (input, { tokenDelayMs }) => {
  if (input.resume && input.resume.length > 0) {
    return run(input, textMessage(`Answers: ${input.resume.map(describe).join("; ")}.`, { tokenDelayMs }));
  }
  const text = lastUserText(input).toLowerCase();
  if (/\bstop\b/.test(text)) {
    return run(input, textMessage("Starting, then stopping on my side.", { tokenDelayMs }), { outcome: { type: "cancelled" } });
  }
  const steps: Step[] = [];
  const interrupts: object[] = [];
  if (/\bemail\b/.test(text) && /\bdelete\b/.test(text)) {
    // Two open approvals, one of them editable: the email to send, and a file to delete.
    const email = newId("call");
    const file = newId("call");
    steps.push(
      ...toolCall("send_email", EMAIL, { toolCallId: email }),
      ...toolCall("delete_file", { path: "/tmp/a.log" }, { toolCallId: file }),
    );
    interrupts.push(approval(email, { message: "Send this email?" }), approval(file, { message: "Delete /tmp/a.log?" }));
  } else if (/\b(two|both)\b/.test(text)) {
    for (const path of ["/tmp/a.log", "/tmp/b.log"]) {
      const id = newId("call");
      steps.push(...toolCall("delete_file", { path }, { toolCallId: id }));
      interrupts.push(approval(id, { message: `Delete ${path}?` }));
    }
  } else if (/\bexpire/.test(text)) {
    const id = newId("call");
    steps.push(...toolCall("delete_file", { path: "/tmp/old.log" }, { toolCallId: id }));
    interrupts.push(
      approval(id, { message: "Delete /tmp/old.log?", expiresAt: new Date(Date.now() + expirySeconds(text) * 1000).toISOString() }),
    );
  } else {
    const id = newId("call");
    steps.push(...toolCall("send_email", EMAIL, { toolCallId: id }));
    interrupts.push(approval(id, { message: "Send this email?", metadata: { risk: "external" } }));
  }
  return run(input, [...textMessage("I need your approval first.", { tokenDelayMs }), ...steps], {
    outcome: { type: "interrupt", interrupts },
  });
};

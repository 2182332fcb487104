import { useFrontendTool } from "@tandem/react";
import { Chat } from "@tandem/ui";

export function MailApp() {
  // A frontend tool the agent asks to approve (an interrupt with its toolCallId): once approved,
  // it runs here with the arguments as approved, edited or not.
  useFrontendTool({
    name: "send_email",
    description: "Send an email",
    parameters: {
      type: "object",
      properties: { to: { type: "string", minLength: 3 }, subject: { type: "string" } },
      required: ["to", "subject"],
    } as const,
    handler: ({ to, subject }) => ({ sent: true, to, subject }),
  });
  // "Edit arguments" on send_email's approvals, and "Approve all" / "Reject all" when several are open.
  return <Chat interrupts={{ approveWithEdits: ["send_email"], answerAll: true }} />;
}

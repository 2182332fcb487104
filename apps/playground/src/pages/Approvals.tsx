import { useFrontendTool } from "@tandem/react";
import { Chat } from "@tandem/ui";
import { useState } from "react";

interface Email {
  to: string;
  subject: string;
  body?: string;
}

/**
 * Approval interrupts (AG-UI 1.0): the agent asks before each tool call. send_email runs here,
 * with the arguments as approved (edited or not); "Edit arguments" is allowed for it, and
 * several open approvals can be answered at once.
 */
export default function Approvals() {
  const [sent, setSent] = useState<Email | null>(null);
  useFrontendTool({
    name: "send_email",
    description: "Send an email.",
    parameters: {
      type: "object",
      properties: {
        to: { type: "string", title: "To", minLength: 3 },
        subject: { type: "string", title: "Subject" },
        body: { type: "string", title: "Body" },
      },
      required: ["to", "subject"],
    } as const,
    handler: (email: Email) => {
      setSent(email);
      return { sent: true, to: email.to };
    },
  });
  return (
    <>
      {sent && (
        <p data-testid="sent-email" className="pg-card">
          Sent “{sent.subject}” to {sent.to}
        </p>
      )}
      <Chat
        interrupts={{ approveWithEdits: ["send_email"], answerAll: true }}
        suggestions={[
          { label: "Email Bob", prompt: "email bob about lunch" },
          { label: "Delete two files", prompt: "delete both log files" },
          { label: "Expiring approval", prompt: "delete the old log, expire in 20 s" },
          { label: "A run that stops", prompt: "start, then stop" },
        ]}
      />
    </>
  );
}

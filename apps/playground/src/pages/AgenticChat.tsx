import { useFrontendTool } from "@tandem/react";
import { Chat } from "@tandem/ui";
import { useState } from "react";

/**
 * Files go inline in the message (and in the stored thread): keep them small. The mock agent
 * answers a message with attachments by saying what it received.
 */
const ATTACHMENTS = { maxFileSize: 2 * 1024 * 1024, maxFiles: 5 };

/**
 * A frontend tool: the agent calls change_background and the page restyles itself. The composer
 * takes attachments (the picker, paste and drop).
 */
export default function AgenticChat() {
  const [background, setBackground] = useState("var(--tandem-color-surface)");
  useFrontendTool({
    name: "change_background",
    description: "Change the background of the chat area. Any CSS background works, gradients too.",
    parameters: {
      type: "object",
      properties: { background: { type: "string", description: "A CSS background value" } },
      required: ["background"],
    } as const,
    handler: ({ background }: { background: string }) => {
      setBackground(background);
      return { status: "changed", background };
    },
  });
  return (
    <div data-testid="background-container" className="pg-background" style={{ background }}>
      <Chat
        attachments={ATTACHMENTS}
        suggestions={[
          { label: "Count down", prompt: "count down from 10" },
          { label: "Teal please", prompt: "make the background teal and navy" },
        ]}
      />
    </div>
  );
}

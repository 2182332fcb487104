import { AgentProvider, useFrontendTool } from "@tandem/react";
import { Chat } from "@tandem/ui";
import "@tandem/ui/styles.css";

function Tools() {
  useFrontendTool({
    name: "change_background",
    description: "Change the page background to any CSS background",
    // JSON Schema, as the agent receives it; `as const` types the handler's arguments.
    parameters: {
      type: "object",
      properties: { background: { type: "string" } },
      required: ["background"],
    } as const,
    handler: ({ background }) => {
      document.body.style.background = background;
      return { ok: true };
    },
  });
  return null;
}

export const App = ({ url = "http://localhost:8787/agentic-chat" }) => (
  <AgentProvider url={url}>
    <Tools />
    <Chat />
  </AgentProvider>
);

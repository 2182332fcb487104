import { AgentProvider, useFrontendTool } from "@tandem/react";
import { Chat } from "@tandem/ui";
import "@tandem/ui/styles.css";
import { z } from "zod";

function Tools() {
  useFrontendTool({
    name: "change_background",
    description: "Change the page background to any CSS background",
    parameters: z.object({ background: z.string() }),
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

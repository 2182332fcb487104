import { AgentProvider } from "@tandem/react";
import { Chat } from "@tandem/ui";
import "@tandem/ui/styles.css";
import { Tools } from "./Tools";

// A Server Component: AgentProvider and Chat render on the server and hydrate in the browser.
const url = process.env.AGENT_URL ?? "http://localhost:8787/agentic-chat";

export default function Page() {
  return (
    <AgentProvider url={url}>
      <Tools />
      <Chat />
    </AgentProvider>
  );
}

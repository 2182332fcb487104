import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runFinished, runStarted, textMessage } from "@tandem/mock-agent";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AgentProvider } from "../AgentProvider.js";
import { serve } from "../test/harness.js";
import { useAgent } from "../useAgent.js";
import { useThreads } from "../useThreads.js";
import { serverThreads } from "./restStorage.js";

function Chat() {
  const { messages, sendMessage } = useAgent();
  const { threads } = useThreads();
  return (
    <div>
      <ul>
        {messages.map((m) => (
          <li key={m.id}>{String(m.content)}</li>
        ))}
      </ul>
      <p data-testid="titles">{threads.map((t) => t.title).join("|")}</p>
      <button type="button" onClick={() => void sendMessage("Keep this on the server")}>
        Send
      </button>
    </div>
  );
}

describe("the docs' server-kept threads", () => {
  it("is the file the threads guide shows", () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const guide = readFileSync(join(here, "../../../../docs/guide/threads.md"), "utf8");
    expect(guide).toContain("<<< ../../packages/react/src/examples/restStorage.ts\n");
  });

  it("keeps threads on the mock agent's /threads API, across a reload", async () => {
    const agent = await serve((input) => [runStarted(input), ...textMessage(["Kept."]), runFinished(input)]);
    const storage = serverThreads(`${agent.baseUrl}/threads`);
    const page = () =>
      render(
        <AgentProvider url={agent.url} storage={storage}>
          <Chat />
        </AgentProvider>,
      );
    page();
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(screen.getByTestId("titles").textContent).toBe("Keep this on the server"));
    cleanup();
    page();
    await waitFor(() => expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Keep this on the server", "Kept."]));
    expect(agent.requests.some((r) => r.method === "POST" && r.path.startsWith("/threads/"))).toBe(true);
  });
});

import { AgentClient } from "@tandem/core";
import { type MockAgent, type Script, startMockAgent } from "@tandem/mock-agent";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Chat } from "../chat/Chat.js";
import { renderWith } from "../test/harness.js";
import { useMcpApps } from "./useMcpApps.js";

let agent: MockAgent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});

function McpChat() {
  useMcpApps();
  return <Chat />;
}

/** A chat whose mock agent plays the mcp-apps scenario (or `script`), after "show me a counter". */
async function openApp(script?: Script) {
  agent = await startMockAgent({ scenario: script ?? "mcp-apps" });
  const client = new AgentClient({ url: script ? agent.url : `${agent.baseUrl}/mcp-apps` });
  renderWith(client, <McpChat />);
  await act(() => client.sendMessage("show me a counter"));
  return { client, box: await screen.findByTestId("mcp-app") };
}

describe("<McpApp> in <Chat>", () => {
  it("shows the app's resource in a frame titled with its tool, sandboxed without same-origin, under a CSP", async () => {
    const { box, client } = await openApp();
    const frame = await waitFor(() => {
      const f = within(box).getByTitle("show_counter") as HTMLIFrameElement;
      expect(f.srcdoc).toContain("ui/initialize");
      return f;
    });
    expect(frame.tagName).toBe("IFRAME");
    expect(frame.getAttribute("sandbox")).toBe("allow-scripts allow-forms");
    expect(frame.getAttribute("sandbox")).not.toContain("allow-same-origin");
    expect(frame.srcdoc).toMatch(/^<!DOCTYPE html><meta http-equiv="Content-Security-Policy" content="default-src 'none';/);
    expect(box.dataset.state).toBe("ready");
    // Reading the resource added nothing to the thread: the user's message, the call and its result, the app.
    expect(client.state.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "activity"]);
  });

  it("says so in its box when the resource cannot be read, and keeps the chat going", async () => {
    const { box } = await openApp((input) => {
      if (input.forwardedProps?.__proxiedMCPRequest)
        return [
          { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId },
          { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId, result: { error: "Unknown server: gone" } },
        ];
      return [
        { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId },
        {
          type: "ACTIVITY_SNAPSHOT",
          messageId: "a1",
          activityType: "mcp-apps",
          content: { resourceUri: "ui://x/app.html", serverHash: "gone", result: {}, toolInput: {} },
        },
        { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId },
      ];
    });
    expect((await within(box).findByRole("alert")).textContent).toBe("The app could not be shown: Unknown server: gone");
    expect(within(box).queryByTitle(/./)).toBeNull();
    expect(screen.getByRole("textbox", { name: "Message" })).toBeTruthy();
  });

  it("refuses content that is not an app's, inside its box", async () => {
    const { box } = await openApp((input) => [
      { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId },
      {
        type: "ACTIVITY_SNAPSHOT",
        messageId: "a1",
        activityType: "mcp-apps",
        content: { resourceUri: "https://evil.example/app.html", serverHash: "h" },
      },
      { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId },
    ]);
    expect(within(box).getByRole("alert").textContent).toBe("The app could not be shown: The app's resource is not a ui:// URI.");
    expect(agent?.requests).toHaveLength(1);
  });
});

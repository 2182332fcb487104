import { startMockAgent } from "@tandem/mock-agent";
import { describe, expect, it } from "vitest";
import { AgentClient } from "../run/agentClient.js";
import { sync } from "../test/scripts.js";
import { agentRuntimeStorage } from "./agentRuntimeStorage.js";

describe("agentRuntimeStorage", () => {
  it("reads a thread the runtime stored, titled by its first question; an unknown thread is null", async () => {
    const agent = await startMockAgent();
    try {
      const url = `${agent.baseUrl}/agent-runtime`;
      const client = new AgentClient({ protocol: "agent-runtime", url, agentId: "agentic-chat", threadId: "kept", schedule: sync });
      await client.sendMessage("Tell me a joke");
      const storage = agentRuntimeStorage({ url });
      const stored = await storage.load("kept");
      expect(stored?.title).toBe("Tell me a joke");
      expect(stored?.messages.map((m) => m.role)).toEqual(client.state.messages.map((m) => m.role));
      expect(await storage.load("never-seen")).toBeNull();
      await expect(storage.remove("kept")).rejects.toThrow(/no endpoint to delete/);
    } finally {
      await agent.close();
    }
  });
});

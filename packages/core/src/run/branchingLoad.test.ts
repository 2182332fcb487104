import { startMockAgent } from "@tandem/mock-agent";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sync, until } from "../test/scripts.js";
import { AgentClient } from "./agentClient.js";

// The first fetch of versions' code fails (offline before it ever loaded), the next succeeds.
const fetches = vi.hoisted(() => ({ failNext: true, count: 0 }));
vi.mock("./branching.js", async (importOriginal) => {
  fetches.count++;
  if (fetches.failNext) {
    fetches.failNext = false;
    throw new TypeError("Failed to fetch dynamically imported module: branching.js");
  }
  return importOriginal();
});

afterEach(() => vi.restoreAllMocks());

describe("versions of a turn whose code cannot be fetched", () => {
  it("regenerate warns and changes nothing; the next regenerate fetches the code again and runs", async () => {
    const agent = await startMockAgent();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const client = new AgentClient({ url: agent.url, threadId: "t", schedule: sync });
      // No run has settled yet, so nothing fetched the code ahead.
      client.store.update((s) => ({
        ...s,
        messages: [
          { id: "u1", role: "user", content: "hi" },
          { id: "a1", role: "assistant", content: "hello" },
        ],
      }));
      await expect(client.regenerate("a1")).resolves.toBeUndefined();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("regenerate(): the code for versions of a turn could not be loaded"));
      expect(client.state.messages.map((m) => m.id)).toEqual(["u1", "a1"]);
      expect(agent.requests).toHaveLength(0);

      await client.regenerate("a1");
      await until(() => client.state.status === "idle");
      expect(agent.requests).toHaveLength(1);
      // A new version of the reply: the agent's answer to "hi", after it.
      expect(client.state.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
      expect(client.state.messages.at(-1)?.id).not.toBe("a1");
      expect(client.state.messages.at(-1)?.content).toContain('You said: "hi"');
      expect(fetches.count).toBe(2);
    } finally {
      await agent.close();
    }
  });
});

import { AgentCapabilitiesSchema } from "@ag-ui/core/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockAgent } from "../server.js";
import type { MockAgent } from "../types.js";
import { scenarios } from "./index.js";

let agent: MockAgent;
beforeAll(async () => {
  agent = await startMockAgent({ scenario: "interrupt" });
});
afterAll(() => agent.close());

const get = async (path: string) => {
  const response = await fetch(`${agent.baseUrl}${path}`);
  return { status: response.status, cors: response.headers.get("access-control-allow-origin"), body: await response.json() };
};

describe("GET {base}/{page}/capabilities", () => {
  it("answers every scenario's AG-UI AgentCapabilities, with CORS", async () => {
    for (const name of Object.keys(scenarios)) {
      const { status, cors, body } = await get(`/${name}/capabilities`);
      expect([status, cors], name).toEqual([200, "*"]);
      expect(AgentCapabilitiesSchema.safeParse(body).success, name).toBe(true);
      expect(body.identity, name).toMatchObject({ name, type: "tandem-mock", description: expect.any(String) });
      expect(body.transport, name).toEqual({ streaming: true, httpBinary: true, resumable: true });
    }
  });

  it("says what each page does: subagents delegate, interrupts interrupt, state is shared", async () => {
    expect((await get("/subagents/capabilities")).body.multiAgent).toEqual({
      supported: true,
      delegation: true,
      subagents: [
        { name: "researcher", description: expect.any(String) },
        { name: "writer", description: expect.any(String) },
      ],
    });
    expect((await get("/interrupt/capabilities")).body.humanInTheLoop).toEqual({ supported: true, interrupts: true });
    expect((await get("/agentic-generative-ui/capabilities")).body.state).toEqual({ snapshots: true, deltas: true });
    expect((await get("/backend-tool-rendering/capabilities")).body.tools.items.map((t: { name: string }) => t.name)).toEqual([
      "get_weather",
    ]);
    expect((await get("/agentic-chat/capabilities")).body.multiAgent).toBeUndefined();
  });

  it("answers for the server's own scenario at /capabilities, and 404 for an unknown page", async () => {
    expect((await get("/capabilities")).body.identity.name).toBe("interrupt");
    const missing = await get("/nope/capabilities");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: expect.stringContaining("nope") });
  });

  it("gives a custom script the transport facts only", async () => {
    const custom = await startMockAgent({ scenario: () => [] });
    try {
      const body = await (await fetch(`${custom.baseUrl}/capabilities`)).json();
      expect(body).toEqual({
        identity: { name: "custom", type: "tandem-mock" },
        transport: { streaming: true, httpBinary: true, resumable: true },
      });
    } finally {
      await custom.close();
    }
  });
});

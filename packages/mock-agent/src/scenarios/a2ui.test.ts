import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockAgent } from "../server.js";
import { type Event, post, said, user } from "../test/http.js";
import type { MockAgent } from "../types.js";

let agent: MockAgent;
beforeAll(async () => {
  agent = await startMockAgent();
});
afterAll(() => agent.close());

const surfaces = (events: Event[]) => events.filter((e) => e.type === "ACTIVITY_SNAPSHOT" && e.activityType === "a2ui-surface");
const operations = (event: Event) => (event.content as { a2ui_operations: Record<string, unknown>[] }).a2ui_operations;

describe("a2ui scenario", () => {
  it("sends the booking form as the middleware would: createSurface, updateComponents, updateDataModel", async () => {
    const events = await post(`${agent.baseUrl}/a2ui`, { messages: [user("book a table")] });
    const [surface] = surfaces(events);
    expect(surface!.messageId).toMatch(/^a2ui-surface-/);
    expect(operations(surface!).map((o) => Object.keys(o).find((k) => k !== "version"))).toEqual([
      "createSurface",
      "updateComponents",
      "updateDataModel",
    ]);
    expect(operations(surface!).every((o) => o.version === "v0.9")).toBe(true);
  });

  it("answers the Confirm action with an update of the same surface", async () => {
    const userAction = { name: "confirm", surfaceId: "booking", sourceComponentId: "confirm", context: { name: "Ada", guests: 3 } };
    const events = await post(`${agent.baseUrl}/a2ui`, {
      messages: [user("book a table")],
      forwardedProps: { a2uiAction: { userAction } },
    });
    expect(said(events)).toBe("Your table is booked.");
    const [update] = operations(surfaces(events)[0]!);
    expect(update).toMatchObject({ updateComponents: { surfaceId: "booking" } });
    expect(JSON.stringify(update)).toContain("Booked for Ada, 3 guests");
  });

  it("advertises itself at /a2ui/capabilities", async () => {
    const response = await fetch(`${agent.baseUrl}/a2ui/capabilities`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ custom: { a2ui: "v0.9" } });
  });
});
